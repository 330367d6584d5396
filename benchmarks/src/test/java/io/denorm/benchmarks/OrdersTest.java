package io.denorm.benchmarks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class OrdersTest {

  /** Over the design's orders every variant comes right after every other one equally often, and first equally often. */
  @Test
  void everyVariantFollowsEveryOtherEquallyOften() {
    for (int n = 1; n <= 8; n++) {
      int[][] orders = Orders.design(n);
      int[][] follows = new int[n][n];
      int[] firsts = new int[n];
      for (int[] order : orders) {
        int[] sorted = order.clone();
        Arrays.sort(sorted);
        for (int i = 0; i < n; i++) {
          assertEquals(i, sorted[i], "a permutation: " + Arrays.toString(order));
        }
        firsts[order[0]]++;
        for (int i = 1; i < n; i++) {
          follows[order[i - 1]][order[i]]++;
        }
      }
      int times = n % 2 == 0 ? 1 : 2;
      for (int a = 0; a < n; a++) {
        assertEquals(orders.length / n, firsts[a], "n=" + n + ": first " + a);
        for (int b = 0; b < n; b++) {
          assertEquals(a == b ? 0 : times, follows[a][b], "n=" + n + ": " + b + " right after " + a);
        }
      }
    }
  }

  /** The plain rotation it replaces: within a pass each variant always comes right after the same one. */
  @Test
  void aRotationKeepsTheSamePredecessor() {
    int n = 6;
    int[][] follows = new int[n][n];
    for (int pass = 0; pass < 30; pass++) {
      for (int k = 1; k < n; k++) {
        follows[(k - 1 + pass) % n][(k + pass) % n]++;
      }
    }
    assertEquals(0, follows[2][0], "variant 0 never comes right after variant 2");
    assertTrue(follows[5][0] > 20, "but nearly always after variant 5");
  }
}
