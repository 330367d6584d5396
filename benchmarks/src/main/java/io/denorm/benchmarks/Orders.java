package io.denorm.benchmarks;

/**
 * The orders in which one pass runs the variants of a comparison: a Williams design, in which every
 * variant comes right after every other one equally often over the orders, and first and last
 * equally often. What a variant leaves the server to do after it (a memtable flush, compactions,
 * the view updates and the SAI segments of the rivals) then lands on each variant alike. A plain
 * rotation (variant {@code (k + pass) % n} at position {@code k}) does not do that: within a pass
 * every variant comes right after the same one, pass after pass.
 */
final class Orders {

  private Orders() {}

  /**
   * The order of pass {@code pass} for {@code n} variants: a permutation of 0..n-1, cycling through
   * the design's n orders (2n when n is odd).
   */
  static int[] of(int n, int pass) {
    int[][] orders = design(n);
    return orders[Math.floorMod(pass, orders.length)];
  }

  /**
   * The design's orders. The first is 0, 1, n−1, 2, n−2, …; order r adds r to each of its entries
   * (mod n). For an odd n those n orders and their reverses, each ordered pair of neighbours then
   * appearing twice; for an even n each appears once.
   */
  static int[][] design(int n) {
    if (n < 1) {
      throw new IllegalArgumentException("no variants");
    }
    int[] first = new int[n];
    int low = 1;
    int high = n - 1;
    for (int i = 1; i < n; i++) {
      first[i] = i % 2 == 1 ? low++ : high--;
    }
    int rows = n % 2 == 0 ? n : 2 * n;
    int[][] orders = new int[rows][n];
    for (int r = 0; r < n; r++) {
      for (int i = 0; i < n; i++) {
        orders[r][i] = (first[i] + r) % n;
      }
    }
    if (n % 2 == 1) {
      for (int r = 0; r < n; r++) {
        for (int i = 0; i < n; i++) {
          orders[n + r][i] = orders[r][n - 1 - i];
        }
      }
    }
    return orders;
  }
}
