package io.denorm.index;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class WritePlanTest {

  static final IndexDefinition LOCATION = new IndexDefinition("User", "users_by_location", 2, 1, 0, false);
  static final IndexDefinition CATEGORY = new IndexDefinition("User", "users_by_category", 1, 1, 0, false);
  static final IndexDefinition EMAIL = new IndexDefinition("User", "users_by_email", 1, 1, 1, true);

  static IndexEntry e(IndexDefinition d, Object... values) {
    return new IndexEntry(d, List.of(values));
  }

  @Test
  void newSaveInsertsEverythingAndClaimsUniqueRows() {
    WritePlan plan = WritePlan.forSave(List.of(), List.of(e(LOCATION, "CA", "SF", 1), e(EMAIL, "a@x", 1, "Ann")));
    assertEquals(List.of(e(EMAIL, "a@x", 1, "Ann")), plan.claims());
    assertEquals(List.of(e(LOCATION, "CA", "SF", 1)), plan.inserts());
    assertEquals(List.of(), plan.deletes());
    assertEquals(List.of(), plan.releases());
  }

  @Test
  void moveWritesNewRowsAndDeletesOnlyRowsTheNewStateLacks() {
    List<IndexEntry> old = List.of(e(LOCATION, "CA", "SF", 1), e(CATEGORY, "books", 1), e(CATEGORY, "music", 1));
    List<IndexEntry> next = List.of(e(LOCATION, "NY", "NYC", 1), e(CATEGORY, "music", 1), e(CATEGORY, "art", 1));
    WritePlan plan = WritePlan.forSave(old, next);
    assertEquals(next, plan.inserts(), "every needed row is written again, so a lost one heals");
    assertEquals(List.of(e(LOCATION, "CA", "SF", 1), e(CATEGORY, "books", 1)), plan.deletes());
  }

  @Test
  void uniqueRowsAreClaimedWhenNewReassertedWhenKeptAndReleasedWhenDropped() {
    WritePlan same = WritePlan.forSave(List.of(e(EMAIL, "a@x", 1, "Ann")), List.of(e(EMAIL, "a@x", 1, "Ann")));
    assertEquals(List.of(), same.claims());
    assertEquals(List.of(e(EMAIL, "a@x", 1, "Ann")), same.reasserts(), "a kept unique row is asserted again by every save");
    assertEquals(List.of(), same.inserts());
    assertEquals(List.of(), same.releases());
    WritePlan renamed = WritePlan.forSave(List.of(e(EMAIL, "a@x", 1, "Ann")), List.of(e(EMAIL, "a@x", 1, "Anna")));
    assertEquals(List.of(e(EMAIL, "a@x", 1, "Anna")), renamed.reasserts(), "the re-assertion writes the new included values");
    WritePlan changed = WritePlan.forSave(List.of(e(EMAIL, "a@x", 1, "Ann")), List.of(e(EMAIL, "b@x", 1, "Ann")));
    assertEquals(List.of(e(EMAIL, "b@x", 1, "Ann")), changed.claims());
    assertEquals(List.of(), changed.reasserts());
    assertEquals(List.of(e(EMAIL, "a@x", 1, "Ann")), changed.releases());
    WritePlan otherOwner = WritePlan.forSave(List.of(e(EMAIL, "a@x", 1, "Ann")), List.of(e(EMAIL, "a@x", 2, "Ann")));
    assertEquals(List.of(e(EMAIL, "a@x", 2, "Ann")), otherOwner.claims(), "a row the old state gave another owner is claimed");
  }

  static final IndexDefinition PAIR = new IndexDefinition("Account", "accounts_by_pair", 2, 1, 0, true);

  @Test
  void rowsAreToldApartByTypedKeyValuesNotByTheirText() {
    // The two keys print alike as lists ("[x, y, z]"): a plan keyed by text took one for the other.
    WritePlan move = WritePlan.forSave(List.of(e(PAIR, "x, y", "z", 1)), List.of(e(PAIR, "x", "y, z", 1)));
    assertEquals(List.of(e(PAIR, "x", "y, z", 1)), move.claims());
    assertEquals(List.of(e(PAIR, "x, y", "z", 1)), move.releases());
    WritePlan nonUnique = WritePlan.forSave(List.of(e(LOCATION, "x, y", "z", 1)), List.of(e(LOCATION, "x", "y, z", 1)));
    assertEquals(List.of(e(LOCATION, "x", "y, z", 1)), nonUnique.inserts());
    assertEquals(List.of(e(LOCATION, "x, y", "z", 1)), nonUnique.deletes());
    WritePlan typed = WritePlan.forSave(List.of(e(CATEGORY, "1", 1)), List.of(e(CATEGORY, 1, 1)));
    assertEquals(List.of(e(CATEGORY, "1", 1)), typed.deletes(), "the text \"1\" and the number 1 are two keys");
  }

  @Test
  void deleteRemovesEveryRow() {
    WritePlan plan = WritePlan.forDelete(List.of(e(LOCATION, "CA", "SF", 1), e(EMAIL, "a@x", 1, "Ann")));
    assertEquals(List.of(e(LOCATION, "CA", "SF", 1)), plan.deletes());
    assertEquals(List.of(e(EMAIL, "a@x", 1, "Ann")), plan.releases());
    assertEquals(List.of(), plan.inserts());
  }
}
