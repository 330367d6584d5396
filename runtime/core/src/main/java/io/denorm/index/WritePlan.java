package io.denorm.index;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What one save or delete writes to index tables, in the protocol's order (docs/consistency.md):
 * first the unique rows ({@link #claims()}, {@link #reasserts()}), then {@link #inserts()} (every
 * entry the new state needs, written again so that a lost entry heals on the next save), then the
 * master row, then {@link #deletes()} and {@link #releases()} (the rows the old state had and the
 * new one has not).
 *
 * <p>Rows are told apart by their typed identity (the index and the list of key values), never by a
 * string rendering: {@code ("x, y", "z")} and {@code ("x", "y, z")} are two rows.
 *
 * @param claims unique rows the new state needs and the old one did not own: claimed with a
 *     compare-and-set before anything else is written
 * @param reasserts unique rows both states need: asserted again by this operation (its stamp
 *     recorded in the row, its included values written), so that a release by an older operation
 *     cannot take a row away from the state this one writes
 * @param releases unique rows the old state owned and the new one does not: released after the
 *     master write, with a compare-and-set on the owner and on the stamp that asserted the row
 */
public record WritePlan(List<IndexEntry> claims, List<IndexEntry> reasserts, List<IndexEntry> inserts, List<IndexEntry> deletes,
    List<IndexEntry> releases) {

  /** The identity of one index row: its table and its key values, compared as typed values. */
  record RowId(String index, List<Object> identity) {
    static RowId of(IndexEntry e) {
      return new RowId(e.index().name(), e.identity());
    }
  }

  public static WritePlan forSave(Collection<IndexEntry> old, Collection<IndexEntry> next) {
    return forSave(old, next, IndexDefinition::unique);
  }

  /**
   * The plan of a save from {@code old} to {@code next}; {@code claimed} tells the indexes whose rows
   * are claimed rows (unique rows, memberships): claimed, asserted again and released instead of
   * written and deleted.
   */
  public static WritePlan forSave(Collection<IndexEntry> old, Collection<IndexEntry> next, java.util.function.Predicate<IndexDefinition> claimed) {
    return forSave(old, next, claimed, PAIRWISE);
  }

  /**
   * States with at most this many entries are told apart by comparing entries pairwise ({@link
   * IndexEntry#sameRow}), which is cheaper than hashing each identity (the table's name and a list
   * of key values) into a map; the plan is the same.
   */
  static final int PAIRWISE = 8;

  /** {@link #forSave}, a state of at most {@code pairwiseUpTo} entries compared pairwise, a larger one through a map. */
  static WritePlan forSave(Collection<IndexEntry> old, Collection<IndexEntry> next, java.util.function.Predicate<IndexDefinition> claimed,
      int pairwiseUpTo) {
    Rows nextRows = Rows.of(next, pairwiseUpTo);
    Rows oldRows = Rows.of(old, pairwiseUpTo);
    List<IndexEntry> claims = new ArrayList<>(0);
    List<IndexEntry> reasserts = new ArrayList<>(0);
    List<IndexEntry> inserts = new ArrayList<>(nextRows.entries().size());
    for (IndexEntry e : nextRows.entries()) {
      if (claimed.test(e.index())) {
        IndexEntry owned = oldRows.find(e);
        (owned != null && owned.masterKey().equals(e.masterKey()) ? reasserts : claims).add(e);
      } else {
        inserts.add(e);
      }
    }
    List<IndexEntry> deletes = new ArrayList<>(0);
    List<IndexEntry> releases = new ArrayList<>(0);
    for (IndexEntry o : oldRows.entries()) {
      if (nextRows.find(o) == null) {
        (claimed.test(o.index()) ? releases : deletes).add(o);
      }
    }
    return new WritePlan(List.copyOf(claims), List.copyOf(reasserts), List.copyOf(inserts), List.copyOf(deletes), List.copyOf(releases));
  }

  /**
   * The rows of one state: one entry per row, in the order rows first appear, each the last entry
   * given for its row; found by identity through {@code byId}, or pairwise when it is null.
   */
  private record Rows(Collection<IndexEntry> entries, Map<RowId, IndexEntry> byId) {

    static Rows of(Collection<IndexEntry> given, int pairwiseUpTo) {
      if (given.size() > pairwiseUpTo) {
        Map<RowId, IndexEntry> byId = byRow(given);
        return new Rows(byId.values(), byId);
      }
      List<IndexEntry> rows = new ArrayList<>(given.size());
      for (IndexEntry e : given) {
        int at = indexOfRow(rows, e);
        if (at < 0) {
          rows.add(e);
        } else {
          rows.set(at, e);
        }
      }
      return new Rows(rows, null);
    }

    /** The entry of {@code e}'s row, or null. */
    IndexEntry find(IndexEntry e) {
      if (byId != null) {
        return byId.get(RowId.of(e));
      }
      for (IndexEntry r : entries) {
        if (r.sameRow(e)) {
          return r;
        }
      }
      return null;
    }

    private static int indexOfRow(List<IndexEntry> rows, IndexEntry e) {
      for (int i = 0; i < rows.size(); i++) {
        if (rows.get(i).sameRow(e)) {
          return i;
        }
      }
      return -1;
    }
  }

  public static WritePlan forDelete(Collection<IndexEntry> old) {
    return forDelete(old, IndexDefinition::unique);
  }

  public static WritePlan forDelete(Collection<IndexEntry> old, java.util.function.Predicate<IndexDefinition> claimed) {
    List<IndexEntry> deletes = new ArrayList<>();
    List<IndexEntry> releases = new ArrayList<>();
    for (IndexEntry e : byRow(old).values()) {
      (claimed.test(e.index()) ? releases : deletes).add(e);
    }
    return new WritePlan(List.of(), List.of(), List.of(), List.copyOf(deletes), List.copyOf(releases));
  }

  /** Every unique row the new state needs: the claims, then the re-asserted rows. */
  public List<IndexEntry> uniqueRows() {
    List<IndexEntry> all = new ArrayList<>(claims);
    all.addAll(reasserts);
    return all;
  }

  /** Every row the new state needs, unique or not. */
  public List<IndexEntry> needed() {
    List<IndexEntry> all = uniqueRows();
    all.addAll(inserts);
    return all;
  }

  private static Map<RowId, IndexEntry> byRow(Collection<IndexEntry> entries) {
    Map<RowId, IndexEntry> rows = new LinkedHashMap<>();
    for (IndexEntry e : entries) {
      rows.put(RowId.of(e), e);
    }
    return rows;
  }
}
