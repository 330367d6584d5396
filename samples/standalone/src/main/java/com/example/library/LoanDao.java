package com.example.library;

import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.annotations.Dao;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

@Dao
public interface LoanDao {
  void save(Loan loan);

  Optional<Loan> findFirstByMemberId(String memberId);

  List<Loan> findByMemberIdAndBorrowedAtAfter(String memberId, Instant since);

  Page<Loan> findByMemberId(String memberId, PageRequest page);

  boolean deleteByMemberIdAndBorrowedAt(String memberId, Instant borrowedAt);
}
