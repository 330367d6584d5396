package io.denorm.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.denorm.index.IndexMaintenance;
import io.denorm.index.IndexReport;
import io.denorm.spark.model.Club;
import io.denorm.spark.model.ClubDao;
import io.denorm.spark.model.Person;
import io.denorm.spark.model.PersonDao;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The memberships test of both stores: people join random clubs through the DAOs, the memberships
 * index is emptied behind the DAOs' back ({@code empty}), and a Spark verify must report what a
 * verify in one JVM reports (every membership missing, every club's count and inverse side wrong),
 * and a Spark rebuild must set the clubs' counts and member ids right.
 */
final class MembershipsScenario {

  static final String INDEX = "people_by_club_ids";

  private MembershipsScenario() {}

  static void run(ClubDao clubs, PersonDao people, Runnable empty, SparkIndexJobs jobs, int clubCount, int personCount, long seed) {
    Map<String, Set<String>> members = new TreeMap<>();
    for (int c = 0; c < clubCount; c++) {
      clubs.save(new Club("club" + c, "Club " + c, null, 0));
      members.put("club" + c, new TreeSet<>());
    }
    Random random = new Random(seed);
    int memberships = 0;
    for (int i = 0; i < personCount; i++) {
      Set<String> of = new TreeSet<>();
      for (int k = 0; k < 1 + random.nextInt(3); k++) {
        of.add("club" + random.nextInt(clubCount));
      }
      people.save(new Person("p" + i, "Person " + i, of));
      for (String c : of) {
        members.get(c).add("p" + i);
      }
      memberships += of.size();
    }
    empty.run();
    @SuppressWarnings("unchecked")
    IndexMaintenance<?> oneJvm = ((io.denorm.index.IndexedDao<Person>) people).indexMaintenance().repairGrace(java.time.Duration.ZERO);
    IndexReport before = oneJvm.verify(INDEX, null);
    assertEquals(memberships, before.missing(), before.toString());
    assertEquals(clubCount, before.wrongCounts(), before.toString());
    assertEquals(clubCount, before.wrongInverse(), before.toString());
    IndexReport onSpark = jobs.verify(INDEX).report();
    System.out.println("[spark] " + onSpark);
    CassandraSparkIndexJobsTest.assertSameCounts(before, onSpark);
    assertEquals(before.counts(), onSpark.counts());
    assertEquals(before.wrongCounts(), onSpark.wrongCounts());
    assertEquals(before.wrongInverse(), onSpark.wrongInverse());
    System.out.println("[spark] " + jobs.rebuild(INDEX).report());
    IndexReport after = oneJvm.verify(INDEX, null);
    assertEquals(0, after.problems(), after.toString());
    members.forEach((c, ids) -> {
      Club club = clubs.findById(c).orElseThrow();
      assertEquals(ids.size(), club.memberCount(), "the count of " + c);
      assertEquals(ids, new TreeSet<>(club.memberIds()), "the members of " + c);
    });
  }
}
