package io.denorm.processor.generation.cassandra;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import io.denorm.processor.generation.GeneratedNames;
import io.denorm.processor.generation.GeoCode;
import io.denorm.processor.model.IndexModel;
import io.denorm.processor.model.Names;
import io.denorm.processor.model.QueryMethodModel;
import io.denorm.processor.model.QueryPlan;
import java.util.List;

/**
 * {@code findNear}/{@code findWithin}: one range read of the geohash index per covering cell and
 * partition ({@code WHERE geo_cell = ? AND geohash >= ? AND geohash < ?}), the rows checked against
 * their masters, then filtered and sorted by {@code GeoSearch}.
 */
final class GeoMethodGenerator implements MethodGenerator {

  private final QueryMethodModel.Geo geo;

  GeoMethodGenerator(QueryMethodModel.Geo geo) {
    this.geo = geo;
  }

  @Override
  public MethodSpec generate(DaoContext context) {
    var entity = context.entity();
    IndexModel index = entity.geoIndex().orElseThrow();
    var table = index.table(entity);
    var cell = table.partitionKey().get(0);
    var hash = table.clusteringKey().get(0);
    QueryPlan plan = new QueryPlan(table, List.of(new QueryPlan.Condition(cell, "=", 0), new QueryPlan.Condition(hash, ">=", 1),
        new QueryPlan.Condition(hash, "<", 2)), false);
    String select = context.statement("select" + Names.capitalize(GeneratedNames.indexField(index)) + "Cells",
        CqlStatements.select(entity, plan, false));
    int partition = index.geo().orElseThrow().cellLength();
    return GeoCode.method(geo, entity, cells -> CodeBlock.of("geoReads($L, $L, $N, $N, $N, $T::indexEntries)", cells, partition, select,
        context.indexTable(index), context.masterLookup(), context.mapper()), "one range read of each index partition it spans", partition);
  }
}
