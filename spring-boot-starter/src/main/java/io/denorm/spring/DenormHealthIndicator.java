package io.denorm.spring;

import io.denorm.index.IndexReadStats;
import io.denorm.index.IndexedDao;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;

/**
 * The {@code denorm} health contributor: DOWN when the store does not answer a trivial request;
 * otherwise UP, with, per DAO with index tables, what its reads and write protocol counted (stale
 * rows dropped, repairs, repair failures, rows waiting for their deferred check, rows left unchecked).
 * Repair failures do not make it DOWN: reads stay correct while a repair waits.
 */
public final class DenormHealthIndicator implements HealthIndicator {

  private final ObjectProvider<DenormDaos> daos;

  DenormHealthIndicator(ObjectProvider<DenormDaos> daos) {
    this.daos = daos;
  }

  @Override
  public Health health() {
    DenormDaos d = daos.getIfAvailable();
    if (d == null) {
      return Health.unknown().withDetail("daos", "none: no CqlSession or HBase Connection bean").build();
    }
    Health.Builder health;
    try {
      d.support().probe();
      health = Health.up();
    } catch (Exception e) {
      health = Health.down(e);
    }
    health.withDetail("store", d.store()).withDetail("schema", d.schema());
    Map<String, Object> perDao = new LinkedHashMap<>();
    d.instances().forEach((name, dao) -> {
      if (dao instanceof IndexedDao<?> indexed) {
        IndexReadStats s = indexed.indexReadStats();
        Map<String, Object> stats = new LinkedHashMap<>();
        stats.put("indexRows", s.indexRows());
        stats.put("stale", s.stale());
        stats.put("repairs", s.repairs());
        stats.put("repairFailures", s.repairFailures());
        stats.put("deferredWaiting", s.deferred() - s.deferredDone());
        stats.put("deferredDropped", s.deferredDropped());
        perDao.put(name, stats);
      }
    });
    return health.withDetail("daos", perDao).build();
  }
}
