package io.denorm.index;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one save or delete writes to index tables, in the protocol's order (DESIGN.md, "Consistency
 * of the dual writes"): first {@link #inserts()} (every entry the new state needs, written again so
 * that a lost entry heals on the next save), then the master row, then {@link #deletes()} (the rows
 * the old state had and the new one has not).
 *
 * @param claims unique index rows the new state needs and the old one did not own: claimed with a
 *     compare-and-set before anything else is written
 * @param releases unique index rows the old state owned and the new one does not: released with a
 *     compare-and-set on the owner after the master write
 */
public record WritePlan(List<IndexEntry> claims, List<IndexEntry> inserts, List<IndexEntry> deletes, List<IndexEntry> releases) {

  public static WritePlan forSave(Collection<IndexEntry> old, Collection<IndexEntry> next) {
    Map<String, IndexEntry> nextRows = byRow(next);
    Map<String, IndexEntry> oldRows = byRow(old);
    List<IndexEntry> claims = new ArrayList<>();
    List<IndexEntry> inserts = new ArrayList<>();
    for (IndexEntry e : nextRows.values()) {
      if (e.index().unique()) {
        IndexEntry owned = oldRows.get(rowKey(e));
        if (owned == null || !owned.masterKey().equals(e.masterKey())) {
          claims.add(e);
        } else if (!owned.values().equals(e.values())) {
          inserts.add(e); // same owner, included values changed: overwrite in place
        }
      } else {
        inserts.add(e);
      }
    }
    List<IndexEntry> deletes = new ArrayList<>();
    List<IndexEntry> releases = new ArrayList<>();
    for (IndexEntry e : oldRows.values()) {
      if (!nextRows.containsKey(rowKey(e))) {
        (e.index().unique() ? releases : deletes).add(e);
      }
    }
    return new WritePlan(List.copyOf(claims), List.copyOf(inserts), List.copyOf(deletes), List.copyOf(releases));
  }

  public static WritePlan forDelete(Collection<IndexEntry> old) {
    List<IndexEntry> deletes = new ArrayList<>();
    List<IndexEntry> releases = new ArrayList<>();
    for (IndexEntry e : byRow(old).values()) {
      (e.index().unique() ? releases : deletes).add(e);
    }
    return new WritePlan(List.of(), List.of(), List.copyOf(deletes), List.copyOf(releases));
  }

  private static Map<String, IndexEntry> byRow(Collection<IndexEntry> entries) {
    Map<String, IndexEntry> rows = new LinkedHashMap<>();
    for (IndexEntry e : entries) {
      rows.put(rowKey(e), e);
    }
    return rows;
  }

  private static String rowKey(IndexEntry e) {
    return e.index().name() + "\u0000" + e.identity();
  }
}
