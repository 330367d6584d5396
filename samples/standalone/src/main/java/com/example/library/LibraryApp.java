package com.example.library;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.Page;
import io.denorm.PageRequest;
import io.denorm.cassandra.Replication;
import io.denorm.cassandra.SchemaManager;
import java.net.InetSocketAddress;
import java.time.Instant;
import java.time.LocalDate;
import java.time.temporal.ChronoUnit;

/** Connects to the Cassandra named by -Ddenorm.cassandra.contactPoints=host:port and uses the generated DAO. */
public final class LibraryApp {
  public static void main(String[] args) {
    String point = System.getProperty("denorm.cassandra.contactPoints", "127.0.0.1:9042");
    String[] hostPort = point.split(":");
    try (CqlSession session = CqlSession.builder()
        .addContactPoint(new InetSocketAddress(hostPort[0], Integer.parseInt(hostPort[1])))
        .withLocalDatacenter(System.getProperty("denorm.cassandra.localDatacenter", "datacenter1"))
        .build()) {
      SchemaManager schema = SchemaManager.of(session);
      schema.createKeyspace("library", Replication.simple(1));
      System.out.println("applied: " + schema.applyFromClasspath("library"));
      LoanDao loans = new CassandraLoanDao(session, "library");
      Instant t = Instant.parse("2026-11-01T10:00:00Z");
      for (int i = 0; i < 5; i++) {
        loans.save(new Loan("m-42", t.plus(i, ChronoUnit.DAYS), "978-0-" + i, LocalDate.of(2026, 12, 1 + i), i < 2));
      }
      System.out.println("latest loan: " + loans.findFirstByMemberId("m-42").orElseThrow());
      System.out.println("since Nov 3: " + loans.findByMemberIdAndBorrowedAtAfter("m-42", t.plus(2, ChronoUnit.DAYS)).size() + " loans");
      Page<Loan> page = loans.findByMemberId("m-42", PageRequest.ofSize(2));
      System.out.println("first page: " + page.content().size() + " loans, more: " + page.hasNext());
      System.out.println("deleted: " + loans.deleteByMemberIdAndBorrowedAt("m-42", t));
    }
  }
}
