package io.denorm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class PageRequestTest {

  @Test
  void sizeIsBounded() {
    assertThrows(IllegalArgumentException.class, () -> PageRequest.ofSize(0));
    assertThrows(IllegalArgumentException.class, () -> PageRequest.ofSize(PageRequest.MAX_SIZE + 1));
    assertEquals(7, PageRequest.ofSize(7).size());
  }

  @Test
  void blankCursorMeansFirstPage() {
    assertTrue(new PageRequest(3, " ").cursorIfAny().isEmpty());
  }

  @Test
  void pageCopiesContentAndTellsWhetherMoreFollow() {
    var rows = new java.util.ArrayList<>(List.of(1, 2));
    Page<Integer> page = new Page<>(rows, null);
    rows.add(3);
    assertEquals(List.of(1, 2), page.content());
    assertFalse(page.hasNext());
    Page<String> next = new Page<>(List.of("a"), "c1").map(String::toUpperCase);
    assertEquals(List.of("A"), next.content());
    assertEquals(PageRequest.of(5, "c1"), next.nextRequest(5).orElseThrow());
  }
}
