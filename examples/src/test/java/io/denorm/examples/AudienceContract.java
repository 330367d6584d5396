package io.denorm.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.examples.audience.Visitor;
import io.denorm.examples.audience.VisitorDao;
import io.denorm.search.DirectAggregation;
import io.denorm.search.SortedIds;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The example inverted search with direct aggregation on a real store: audiences found by
 * intersecting and uniting the sorted id streams of inverted indexes, described by counting their
 * categories from the rows; every answer checked against the same visitors in memory.
 */
abstract class AudienceContract {

  static VisitorDao visitors;
  static final List<Visitor> SAVED = new ArrayList<>();
  static final String[] CITIES = {"Paris", "Lyon", "Nice", "Lille", "Nantes"};
  static final String[] SITES = {"news.example", "shop.example", "blog.example", "sport.example", "music.example", "food.example"};
  static final String[] CATEGORIES = {"Men", "Women", "Bloggers", "Students", "Parents"};

  static void use(Stores.Store s) {
    visitors = s.dao(VisitorDao.class, "audience_test", List.of("Visitor"));
    SAVED.clear();
    Random random = new Random(8);
    List<CompletableFuture<Void>> saves = new ArrayList<>();
    for (int i = 0; i < 600; i++) {
      // Ids of several shapes, so that key order is not insertion order.
      String id = switch (i % 4) {
        case 0 -> "u" + i;
        case 1 -> "U-" + (1000 - i);
        case 2 -> "visitor/" + Integer.toHexString(i * 7919);
        default -> "é" + i; // beyond ASCII: ordered by code point in both stores
      };
      Set<String> sites = new LinkedHashSet<>();
      Set<String> categories = new LinkedHashSet<>();
      for (String site : SITES) {
        if (random.nextInt(3) == 0) {
          sites.add(site);
        }
      }
      for (String c : CATEGORIES) {
        if (random.nextInt(4) == 0) {
          categories.add(c);
        }
      }
      Visitor v = new Visitor(id, CITIES[random.nextInt(CITIES.length)], sites, categories);
      SAVED.add(v);
      saves.add(visitors.saveAsync(v).toCompletableFuture());
      if (saves.size() == 32) {
        CompletableFuture.allOf(saves.toArray(new CompletableFuture<?>[0])).join();
        saves.clear();
      }
    }
    CompletableFuture.allOf(saves.toArray(new CompletableFuture<?>[0])).join();
  }

  static List<String> inMemory(Predicate<Visitor> criteria) {
    return SAVED.stream().filter(criteria).map(Visitor::userId).sorted(SortedIds.KEY_ORDER).toList();
  }

  static boolean has(Set<String> s, String v) {
    return s != null && s.contains(v);
  }

  @Test
  void eachInvertedIndexGivesItsIdsInKeyOrder() {
    for (String site : SITES) {
      assertEquals(inMemory(v -> has(v.sites(), site)), visitors.findIdsBySitesContains(site).toList(), site);
    }
    for (String city : CITIES) {
      assertEquals(inMemory(v -> city.equals(v.city())), visitors.findIdsByCity(city).toList(), city);
    }
    assertEquals(List.of(), visitors.findIdsByCity("Nowhere").toList());
  }

  /**
   * Failure 10: an ids-only read checks each index row against its master. A save moving a visitor
   * from Paris to Lyon fails after writing its index entries (before its master write): the Lyon row
   * it left is not returned by {@code findIdsByCity("Lyon")}, and the visitor is still found in Paris.
   */
  @Test
  void idsOnlyReadsLeaveOutRowsTheMasterDoesNotNeed() {
    Visitor v = new Visitor("stale-ids", "Paris", Set.of("news.example"), Set.of("Men"));
    visitors.save(v);
    SAVED.add(v);
    io.denorm.index.IndexedDao<?> indexed = (io.denorm.index.IndexedDao<?>) visitors;
    indexed.setWriteObserver((step, entity) -> {
      if (step == io.denorm.index.WriteStep.INDEX_INSERTS && entity instanceof Visitor x && x.userId().equals("stale-ids")) {
        throw new IllegalStateException("the application instance dies before its master write");
      }
    });
    try {
      org.junit.jupiter.api.Assertions.assertThrows(RuntimeException.class,
          () -> visitors.save(new Visitor("stale-ids", "Lyon", Set.of("news.example"), Set.of("Men"))));
    } finally {
      indexed.setWriteObserver(null);
    }
    long stale = indexed.indexReadStats().stale();
    assertTrue(visitors.findIdsByCity("Paris").toList().contains("stale-ids"));
    assertEquals(inMemory(x -> "Lyon".equals(x.city())), visitors.findIdsByCity("Lyon").toList(), "the Lyon row the failed save left is left out");
    assertTrue(indexed.indexReadStats().stale() > stale, indexed.indexReadStats().toString());
  }

  @Test
  void intersectionsAndUnionsOfIndexesAgreeWithTheVisitors() {
    for (String site : SITES) {
      for (String city : CITIES) {
        assertEquals(inMemory(v -> has(v.sites(), site) && city.equals(v.city())),
            SortedIds.intersect(visitors.findIdsBySitesContains(site), visitors.findIdsByCity(city)).toList(), site + " and " + city);
      }
    }
    assertEquals(inMemory(v -> has(v.sites(), "news.example") && has(v.categories(), "Bloggers") && "Paris".equals(v.city())),
        SortedIds.intersect(visitors.findIdsBySitesContains("news.example"), visitors.findIdsByCategoriesContains("Bloggers"),
            visitors.findIdsByCity("Paris")).toList());
    assertEquals(inMemory(v -> has(v.sites(), "news.example") || has(v.sites(), "blog.example")),
        SortedIds.union(visitors.findIdsBySitesContains("news.example"), visitors.findIdsBySitesContains("blog.example")).toList());
  }

  /** The example report: the visitors of news.example from Paris or Lyon, described by category, counted from their rows. */
  @Test
  void theAudienceReportCountsCategoriesFromTheRows() {
    Predicate<Visitor> criteria = v -> has(v.sites(), "news.example") && ("Paris".equals(v.city()) || "Lyon".equals(v.city()));
    List<Integer> batches = new ArrayList<>();
    DirectAggregation.Report<String> report;
    try (Stream<String> audience = SortedIds.intersect(visitors.findIdsBySitesContains("news.example"),
        SortedIds.union(visitors.findIdsByCity("Paris"), visitors.findIdsByCity("Lyon")))) {
      report = DirectAggregation.countEach(audience, 25, ids -> {
        batches.add(ids.size());
        return visitors.findAllById(ids);
      }, criteria, Visitor::categories);
    }
    Map<String, Long> expected = new HashMap<>();
    long members = 0;
    for (Visitor v : SAVED) {
      if (criteria.test(v)) {
        members++;
        if (v.categories() != null) {
          v.categories().forEach(c -> expected.merge(c, 1L, Long::sum));
        }
      }
    }
    assertTrue(members > 50, "the audience has " + members + " visitors");
    assertEquals(expected, report.counts());
    assertEquals(members, report.rowsRead());
    assertEquals(members, report.rowsCounted());
    assertTrue(batches.stream().allMatch(b -> b <= 25) && batches.size() == (members + 24) / 25, "batches " + batches);
  }

  @Test
  void findAllByIdKeepsTheOrderOfTheIdsAndLeavesMissingOnesOut() {
    List<String> ids = List.of(SAVED.get(5).userId(), "nobody", SAVED.get(2).userId(), SAVED.get(5).userId());
    assertEquals(List.of(SAVED.get(5), SAVED.get(2)), visitors.findAllById(ids));
    List<String> many = SAVED.stream().map(Visitor::userId).limit(250).toList();
    assertEquals(SAVED.subList(0, 250), visitors.findAllById(many), "250 ids: three requests of up to 100");
  }
}
