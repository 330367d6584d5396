package io.denorm.benchmarks;

import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.denorm.geo.GeoHash;
import io.denorm.hbase.HBaseValues;
import io.denorm.index.IndexReadStats;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;
import org.apache.hadoop.hbase.TableName;
import org.apache.hadoop.hbase.client.Result;
import org.apache.hadoop.hbase.client.ResultScanner;
import org.apache.hadoop.hbase.client.Scan;
import org.apache.hadoop.hbase.client.Table;
import org.apache.hadoop.hbase.util.Bytes;

/**
 * {@code findNear} over {@code bench.places} places (default 100,000) against a brute-force scan of
 * the whole table filtered by distance, on both embedded stores, one after the other. Places: 80 %
 * around 20 cities (Gaussian, about 10 km), 20 % anywhere. Searches: around a random place, radii
 * 500 m, 2 km and 10 km. Rows read: for findNear the index rows its cells returned plus one master
 * row per index row (IndexReadStats); for the scan, every row of the table. Every brute-force
 * answer is compared with findNear's. -Dbench.places, -Dbench.searches, -Dbench.rounds.
 */
public final class GeoBenchmark {

  static final int PLACES = Integer.getInteger("bench.places", 100_000);
  static final int SEARCHES = Integer.getInteger("bench.searches", 200);
  static final int ROUNDS = Integer.getInteger("bench.rounds", 3);
  static final int SCANS = 3; // brute-force searches per radius and round: each reads the whole table
  static final String SCHEMA = "denorm_geo_bench";
  static final double[] RADII = {500, 2_000, 10_000};

  record Point(String id, double lat, double lon) {}

  public static void main(String[] args) throws Exception {
    System.out.printf("Denorm geo benchmark: %,d places, %d findNear and %d brute-force scans per radius and round, %d rounds; 2 cores%n",
        PLACES, SEARCHES, SCANS, ROUNDS);
    List<Point> points = points();
    BenchStores.onCassandra(SCHEMA, b -> b, true, session -> {
      CassandraBenchPlaceDao dao = new CassandraBenchPlaceDao(session, SCHEMA);
      run(dao, dao.indexReadStats(), points, () -> {
        List<Point> all = new ArrayList<>(PLACES);
        for (Row r : session.execute(SimpleStatement.newInstance("SELECT id, lat, lon FROM bench_places").setKeyspace(SCHEMA).setPageSize(5000))) {
          all.add(new Point(r.getString(0), r.getDouble(1), r.getDouble(2)));
        }
        return all;
      });
    });
    BenchStores.onHBase(SCHEMA, connection -> {
      HBaseBenchPlaceDao dao = new HBaseBenchPlaceDao(connection, SCHEMA);
      byte[] family = Bytes.toBytes("d");
      run(dao, dao.indexReadStats(), points, () -> {
        List<Point> all = new ArrayList<>(PLACES);
        try (Table t = connection.getTable(TableName.valueOf(SCHEMA, "bench_places"));
             ResultScanner rows = t.getScanner(new Scan().addFamily(family).setCaching(5000))) {
          for (Result r : rows) {
            // The row key is the id; the cells are Denorm's stored values.
            double lat = (Double) HBaseValues.decode(r.getValue(family, Bytes.toBytes("lat")));
            double lon = (Double) HBaseValues.decode(r.getValue(family, Bytes.toBytes("lon")));
            all.add(new Point(idOf(r.getRow()), lat, lon));
          }
        } catch (java.io.IOException e) {
          throw new java.io.UncheckedIOException(e);
        }
        return all;
      });
    });
  }

  /** The id from a row key: the generated mapper's codec decodes it. */
  static String idOf(byte[] row) {
    return (String) HBaseBenchPlaceMapper.KEY.decode(row).get(0);
  }

  static List<Point> points() {
    Random random = new Random(5);
    double[][] cities = new double[20][];
    for (int c = 0; c < cities.length; c++) {
      cities[c] = new double[] {Math.toDegrees(Math.asin(random.nextDouble() * 1.6 - 0.8)), random.nextDouble() * 360 - 180};
    }
    List<Point> out = new ArrayList<>(PLACES);
    for (int i = 0; i < PLACES; i++) {
      double lat;
      double lon;
      if (i % 5 == 4) {
        lat = Math.toDegrees(Math.asin(random.nextDouble() * 2 - 1));
        lon = random.nextDouble() * 360 - 180;
      } else {
        double[] c = cities[random.nextInt(cities.length)];
        lat = Math.max(-90, Math.min(90, c[0] + random.nextGaussian() * 0.09));
        lon = Math.max(-180, Math.min(180, c[1] + random.nextGaussian() * 0.09 / Math.cos(Math.toRadians(c[0]))));
      }
      out.add(new Point(String.format("pl-%06d", i), lat, lon));
    }
    return out;
  }

  static void run(BenchPlaceDao dao, IndexReadStats stats, List<Point> points, Supplier<List<Point>> scan) {
    long t0 = System.nanoTime();
    List<CompletableFuture<Void>> saves = new ArrayList<>();
    for (Point p : points) {
      saves.add(dao.saveAsync(new BenchPlace(p.id(), "place " + p.id(), p.lat(), p.lon()), null).toCompletableFuture());
      if (saves.size() == 64) {
        CompletableFuture.allOf(saves.toArray(new CompletableFuture<?>[0])).join();
        saves.clear();
      }
    }
    CompletableFuture.allOf(saves.toArray(new CompletableFuture<?>[0])).join();
    System.out.printf("saved %,d places with their index rows in %.1f s%n", points.size(), (System.nanoTime() - t0) / 1e9);
    Random random = new Random(9);
    // Warm-up.
    for (int i = 0; i < 50; i++) {
      Point c = points.get(random.nextInt(points.size()));
      dao.findNear(c.lat(), c.lon(), 2_000);
    }
    scan.get();
    System.out.println("radius m | round | findNear ms | rows read (index + master) | found | scan ms | rows read | scan / findNear ms, rows");
    for (double radius : RADII) {
      for (int round = 1; round <= ROUNDS; round++) {
        long indexRows0 = stats.indexRows();
        long found = 0;
        long s0 = System.nanoTime();
        List<Point> centres = new ArrayList<>();
        for (int i = 0; i < SEARCHES; i++) {
          Point c = points.get(random.nextInt(points.size()));
          centres.add(c);
          found += dao.findNear(c.lat(), c.lon(), radius).size();
        }
        double nearMs = (System.nanoTime() - s0) / 1e6 / SEARCHES;
        double nearRows = 2.0 * (stats.indexRows() - indexRows0) / SEARCHES;
        long scanRows = 0;
        long s1 = System.nanoTime();
        for (int i = 0; i < SCANS; i++) {
          Point c = centres.get(i);
          List<Point> all = scan.get();
          scanRows += all.size();
          List<String> brute = all.stream().filter(p -> GeoHash.distanceMeters(c.lat(), c.lon(), p.lat(), p.lon()) <= radius)
              .sorted(Comparator.comparingDouble(p -> GeoHash.distanceMeters(c.lat(), c.lon(), p.lat(), p.lon()))).map(Point::id).toList();
          List<String> near = dao.findNear(c.lat(), c.lon(), radius).stream().map(BenchPlace::id).toList();
          if (!new java.util.HashSet<>(brute).equals(new java.util.HashSet<>(near)) || brute.size() != near.size()) {
            throw new IllegalStateException("findNear and the scan disagree around " + c + " within " + radius + " m: " + near.size() + " and " + brute.size());
          }
        }
        double scanMs = (System.nanoTime() - s1) / 1e6 / SCANS; // includes one findNear each, well under 1 % of a scan
        double scanRowsPer = (double) scanRows / SCANS;
        System.out.printf("%8.0f | %5d | %11.2f | %25.1f | %5.1f | %7.0f | %,9.0f | %.0fx, %.0fx%n", radius, round, nearMs, nearRows,
            (double) found / SEARCHES, scanMs, scanRowsPer, scanMs / nearMs, scanRowsPer / nearRows);
      }
    }
  }
}
