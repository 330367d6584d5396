package com.example.library;

import io.denorm.annotations.ClusteringKey;
import io.denorm.annotations.Entity;
import io.denorm.annotations.Order;
import io.denorm.annotations.PartitionKey;
import java.time.Instant;
import java.time.LocalDate;

/** A member's loans, newest first. */
@Entity(table = "loans_by_member")
public record Loan(
    @PartitionKey String memberId,
    @ClusteringKey(order = Order.DESC) Instant borrowedAt,
    String isbn,
    LocalDate due,
    boolean returned) {}
