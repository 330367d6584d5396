package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.examples.clicks.Click;
import io.denorm.examples.clicks.ClickDao;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The example unique visitors per site ({@code @CountDistinct(name = "unique_visitors", group =
 * "site", distinct = "userId")}) on a real store: exact under repeated and concurrent clicks.
 */
abstract class DistinctCountContract {

  static Stores.Store store;
  static ClickDao clicks;

  static void use(Stores.Store s) {
    store = s;
    clicks = s.dao(ClickDao.class, "distinct_test", List.of("Click"));
  }

  static final Instant T0 = Instant.parse("2026-11-21T09:00:00Z");

  @Test
  void aRepeatedVisitCountsOnce() {
    clicks.save(new Click("u1", T0, "news.example", "Paris"));
    clicks.save(new Click("u1", T0.plusSeconds(60), "news.example", "Paris")); // again: the same user
    clicks.save(new Click("u2", T0.plusSeconds(61), "news.example", "Lyon"));
    clicks.save(new Click("u1", T0.plusSeconds(62), "shop.example", "Paris"));
    clicks.save(new Click("u1", T0, "news.example", "Paris")); // the same click saved twice
    assertEquals(2, clicks.uniqueVisitors("news.example"));
    assertEquals(1, clicks.uniqueVisitors("shop.example"));
    assertEquals(0, clicks.uniqueVisitors("nobody.example"));
    assertEquals(2, clicks.uniqueVisitorsAsync("news.example").toCompletableFuture().join());
    assertEquals(3, clicks.findByUserId("u1").size(), "the clicks themselves are all kept");
    clicks.save(new Click("u3", T0.plusSeconds(63), null, "Nice")); // no site: counts nothing
    assertEquals(2, clicks.uniqueVisitors("news.example"));
  }

  /**
   * 8 threads save 2,000 clicks at once (250 each): 120 users on 6 sites, so most (user, site) pairs
   * come several times, from different threads; then all 8 save the same 40 first visits. Every
   * count equals the distinct users of the clicks saved, counted in memory.
   */
  @Test
  void concurrentAndRepeatedClicksCountExactly() throws Exception {
    String[] sites = {"a.example", "b.example", "c.example", "d.example", "e.example", "f.example"};
    List<int[]> plan = new java.util.ArrayList<>();
    Random random = new Random(17);
    for (int i = 0; i < 2000; i++) {
      plan.add(new int[] {random.nextInt(120), random.nextInt(sites.length), i}); // 720 pairs: most saved several times
    }
    Parallel.run(8, thread -> {
      for (int k = 0; k < 250; k++) {
        int[] p = plan.get((k * 8 + thread * 37) % plan.size());
        clicks.save(new Click("user" + p[0], T0.plusMillis(p[2] * 1000L + thread), sites[p[1]], "city"));
      }
      // And every thread saves the same 40 first visits to a site of its own, at the same moment.
      for (int u = 0; u < 40; u++) {
        clicks.save(new Click("racer" + u, T0.plusMillis(u), "race.example", "city"));
      }
    });
    Map<String, Set<String>> saved = new HashMap<>();
    for (int thread = 0; thread < 8; thread++) {
      for (int k = 0; k < 250; k++) {
        int[] p = plan.get((k * 8 + thread * 37) % plan.size());
        saved.computeIfAbsent(sites[p[1]], s -> new HashSet<>()).add("user" + p[0]);
      }
    }
    for (String site : sites) {
      long want = saved.getOrDefault(site, Set.of()).size();
      assertEquals(want, clicks.uniqueVisitors(site), site);
    }
    assertEquals(40, clicks.uniqueVisitors("race.example"));
    assertTrue(saved.values().stream().mapToInt(Set::size).sum() > 100, "the plan reaches many pairs");
  }

  @Test
  void aRecountRestoresALostCount() {
    for (int u = 0; u < 7; u++) {
      clicks.save(new Click("r" + u, T0.plusSeconds(u), "recount.example", "city"));
    }
    assertEquals(7, clicks.uniqueVisitors("recount.example"));
    store.truncate("unique_visitors"); // the counts lost behind the DAO's back; the pairs kept
    assertEquals(0, clicks.uniqueVisitors("recount.example"));
    assertEquals(7, clicks.recountUniqueVisitors("recount.example"));
    assertEquals(7, clicks.uniqueVisitors("recount.example"));
    assertEquals(7, clicks.recountUniqueVisitors("recount.example"), "a recount of a right count changes nothing");
    clicks.save(new Click("r0", T0.plusSeconds(99), "recount.example", "city"));
    clicks.save(new Click("r7", T0.plusSeconds(99), "recount.example", "city"));
    assertEquals(8, clicks.uniqueVisitors("recount.example"));
  }
}
