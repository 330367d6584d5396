package io.denorm.cassandra;

import java.util.Map;
import java.util.TreeMap;

/** How a keyspace is replicated: by one factor, or by a factor per datacenter. */
public sealed interface Replication {

  /** One factor for the whole cluster; right for a single node or a single datacenter. */
  static Replication simple(int factor) {
    return new Simple(factor);
  }

  /** A factor per datacenter, as production clusters want. */
  static Replication networkTopology(Map<String, Integer> factorByDatacenter) {
    return new NetworkTopology(factorByDatacenter);
  }

  record Simple(int factor) implements Replication {
    public Simple {
      if (factor < 1) {
        throw new IllegalArgumentException("replication factor must be at least 1, got " + factor);
      }
    }
  }

  record NetworkTopology(Map<String, Integer> factorByDatacenter) implements Replication {
    public NetworkTopology {
      if (factorByDatacenter.isEmpty()) {
        throw new IllegalArgumentException("name at least one datacenter");
      }
      factorByDatacenter.forEach((dc, factor) -> {
        if (factor == null || factor < 1) {
          throw new IllegalArgumentException("replication factor of " + dc + " must be at least 1, got " + factor);
        }
      });
      factorByDatacenter = new TreeMap<>(factorByDatacenter);
    }
  }
}
