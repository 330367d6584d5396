package io.denorm;

import io.denorm.index.IndexScans;
import java.util.List;

/**
 * What every generated DAO offers besides its own methods: its master table read whole, in segments
 * that can be read in parallel, in other JVMs too (Cassandra: token ranges of the driver's token
 * map; HBase: regions, split into key ranges), each page by page. Batch jobs (the Spark module's
 * graph jobs) read entities through it.
 *
 * @param <E> the entity
 */
public interface ScannableDao<E> {

  /**
   * The master table in at least {@code segments} segments (more where the ring or the regions ask
   * for it), each named by its range; the same names in every JVM while the ring or the regions do
   * not change. Together they hold every row once.
   */
  List<IndexScans.Segment<E>> scanSegments(int segments);

  /**
   * The segment that {@link #scanSegments} named {@code range}, in this JVM or another, rebuilt from
   * its name (so a task reads exactly the range it was planned with); null for a name this store
   * does not give.
   */
  IndexScans.Segment<E> scanSegment(String range);
}
