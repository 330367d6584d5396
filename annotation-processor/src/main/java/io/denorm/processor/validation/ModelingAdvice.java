package io.denorm.processor.validation;

import io.denorm.processor.diag.Messages;
import io.denorm.processor.diag.ValidationReport;
import io.denorm.processor.model.ColumnModel;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.Estimates;
import io.denorm.processor.model.IndexModel;
import io.denorm.processor.model.KeyColumn;
import io.denorm.processor.model.ReferenceModel;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

/**
 * Warnings about a model's costs, from {@link io.denorm.annotations.Estimate} or its defaults: a
 * partition over 100,000 rows or 100 MB, a key that only grows, an index partitioned by a few
 * values, a snippet that fans out to very many rows. Each has a code that
 * {@code @SuppressWarnings("denorm:…")} silences; none stops the build.
 */
public final class ModelingAdvice {

  /** The default of {@code -Adenorm.maxFanOut}: rows one write should rewrite. */
  public static final long DEFAULT_MAX_FAN_OUT = 1_000;
  /** The default of {@code -Adenorm.maxPartitionsPerCall}: partitions one finder call should read. */
  public static final int DEFAULT_MAX_PARTITIONS_PER_CALL = 16;

  private final long maxFanOut;

  public ModelingAdvice(long maxFanOut) {
    this.maxFanOut = maxFanOut;
  }

  public void advise(EntityModel entity, ValidationReport report) {
    List<Estimates.Table> tables = Estimates.tables(entity);
    Estimates.Table master = tables.get(0);
    if (master.tooLarge()) {
      report.warning(entity.element(), Messages.PARTITION_SIZE, entity.simpleName(), master.table(), count(master.rowsPerPartition()),
          count(master.valuesPerPartition()), bytes(master.bytesPerPartition()), master.basis());
    }
    adviseOnKeys(entity, report);
    for (IndexModel index : entity.indexes()) {
      adviseOnIndex(entity, index, report);
    }
    for (ReferenceModel ref : entity.snippets()) {
      adviseOnFanOut(entity, ref, report);
    }
  }

  private static void adviseOnKeys(EntityModel entity, ValidationReport report) {
    List<ColumnModel> partition = entity.partitionKey();
    if (partition.isEmpty() || !Estimates.monotonic(partition.get(0))) {
      return;
    }
    ColumnModel first = partition.get(0);
    if (partition.size() == 1 && entity.salt() == null) {
      report.warning(entity.element(), Messages.MONOTONIC_PARTITION_KEY, entity.simpleName(), first.fieldName(), kind(first), first.fieldName());
    } else if (entity.salt() == null) {
      report.warning(entity.element(), Messages.MONOTONIC_ROW_KEY, entity.simpleName(), first.fieldName(), kind(first), first.fieldName());
    }
  }

  private static void adviseOnIndex(EntityModel entity, IndexModel index, ValidationReport report) {
    if (index.key().isEmpty() || index.geo().isPresent()) {
      return;
    }
    KeyColumn lead = index.key().get(0);
    if (lead.derived() == null && lead.path() == null && !lead.element() && Estimates.monotonic(lead.source())) {
      report.warning(entity.element(), Messages.MONOTONIC_INDEX_KEY, index.name(), entity.simpleName(), lead.source().fieldName(),
          kind(lead.source()), index.name(), lead.source().fieldName());
    }
    List<KeyColumn> partition = index.key().subList(0, Math.min(index.partition(), index.key().size()));
    OptionalLong values = Estimates.distinctValues(partition);
    if (values.isPresent() && !(index.unique() && partition.size() == index.key().size())) {
      long rows = Estimates.rows(entity.element());
      report.warning(entity.element(), Messages.LOW_CARDINALITY_INDEX, index.name(), entity.simpleName(),
          String.join(", ", partition.stream().map(k -> "'" + k.source().fieldName() + "'").toList()), values.getAsLong(),
          count((double) rows / values.getAsLong()), rows + " " + entity.simpleName() + " rows over " + values.getAsLong() + " values",
          partition.get(0).source().fieldName());
    }
  }

  private void adviseOnFanOut(EntityModel holder, ReferenceModel ref, ValidationReport report) {
    if (!ref.snippet().fanOut()) {
      return;
    }
    long holders = Estimates.rows(holder.element());
    long sources = Estimates.rows(ref.targetType());
    // As if each holder held one source; a holder of several sources makes it more.
    double perSource = (double) holders / Math.max(1, sources);
    if (perSource > maxFanOut) {
      String source = ref.targetType().getSimpleName().toString();
      report.warning(ref.column().element(), ref.column().element(), Messages.SNIPPET_FAN_OUT, ref.column().fieldName(), holder.simpleName(),
          String.join(", ", ref.snippet().fields()), source, holder.simpleName(), count(perSource), holder.simpleName(), source,
          count(holders), holder.simpleName(), count(sources), source, count(maxFanOut));
    }
  }

  /** A finder of a salted master table that does not bind every salted field scans every bucket. */
  static void adviseOnSaltedReads(EntityModel entity, io.denorm.processor.model.QueryMethodModel.Find find, io.denorm.processor.model.QueryPlan plan,
      int maxPartitionsPerCall, ValidationReport report) {
    if (entity.salt() == null || plan.tableView().isIndex() || entity.salt().buckets() <= maxPartitionsPerCall) {
      return;
    }
    List<String> unbound = entity.salt().on().stream()
        .filter(f -> find.criteria().stream().noneMatch(c -> c.operator() == io.denorm.processor.model.Operator.EQ && c.column().fieldName().equals(f))).toList();
    if (!unbound.isEmpty()) {
      String names = String.join(", ", unbound.stream().map(f -> "'" + f + "'").toList());
      report.warning(find.method(), Messages.MULTI_PARTITION_FINDER, Signatures.of(find.method()), entity.salt().buckets(), names,
          entity.salt().buckets(), entity.simpleName(), maxPartitionsPerCall, names);
    }
  }

  private static String kind(ColumnModel c) {
    return c.features().sequence() != null ? "@Sequence number" : "time";
  }

  static String count(double n) {
    return n >= 10 || n == Math.rint(n) ? String.format(Locale.ROOT, "%,d", Math.round(n)) : String.format(Locale.ROOT, "%.1f", n);
  }

  static String bytes(long b) {
    if (b >= 1L << 30) {
      return String.format(Locale.ROOT, "%.1f GB", b / (double) (1L << 30));
    }
    if (b >= 1L << 20) {
      return String.format(Locale.ROOT, "%.1f MB", b / (double) (1L << 20));
    }
    return b >= 1024 ? String.format(Locale.ROOT, "%.1f KB", b / 1024.0) : b + " bytes";
  }
}
