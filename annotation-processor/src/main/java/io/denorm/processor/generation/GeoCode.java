package io.denorm.processor.generation;

import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.MethodSpec;
import io.denorm.processor.model.EntityModel;
import io.denorm.processor.model.IndexModel;
import io.denorm.processor.model.QueryMethodModel;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/** {@code findNear} and {@code findWithin} of a {@code @GeoIndex} entity, for both backends but for the reads. */
public final class GeoCode {

  static final ClassName GEO_COVER = ClassName.get("io.denorm.geo", "GeoCover");
  static final ClassName GEO_SEARCH = ClassName.get("io.denorm.geo", "GeoSearch");

  private GeoCode() {}

  /**
   * The method: the covering cells, then {@code reads} (a {@code List<Supplier<CompletionStage<List<E>>>>}
   * expression over the local {@code cells}), then the exact test and the order by distance.
   * {@code coverPartition}: the partition length the choice of cells counts a read per partition
   * for (Cassandra), or 0 where a short cell is still one scan (HBase).
   */
  public static MethodSpec method(QueryMethodModel.Geo g, EntityModel entity, Function<CodeBlock, CodeBlock> reads, String store,
      int coverPartition) {
    IndexModel index = entity.geoIndex().orElseThrow();
    var geo = index.geo().orElseThrow();
    var params = g.method().getParameters();
    String cells = MethodCode.local("cells", g.method());
    String e = MethodCode.local("e", g.method());
    CodeBlock latOf = CodeBlock.of("$N -> $N.$L", e, e, geo.lat().access().read());
    CodeBlock lonOf = CodeBlock.of("$N -> $N.$L", e, e, geo.lon().access().read());
    MethodSpec.Builder m = MethodSpec.overriding(g.method());
    CodeBlock cover;
    CodeBlock search;
    if (g.near()) {
      String lat = params.get(0).getSimpleName().toString();
      String lon = params.get(1).getSimpleName().toString();
      String radius = params.get(2).getSimpleName().toString();
      m.addJavadoc("The $L rows within {@code $L} metres of ({@code $L}, {@code $L}), nearest first: the geohash cells of {@code $L} covering the circle\n"
          + "(of one length, chosen for few reads), each $L, then the great-circle distance of every row found.\n",
          entity.simpleName(), radius, lat, lon, index.name(), store);
      cover = CodeBlock.of("$T.circle($N, $N, $N, $L, $L)", GEO_COVER, lat, lon, radius, geo.precision(), coverPartition);
      search = CodeBlock.of("$T.near($L,$>$>\n$L, $L, $N, $N, $N)$<$<", GEO_SEARCH, reads.apply(CodeBlock.of("$N", cells)), latOf, lonOf, lat, lon, radius);
    } else {
      String box = params.get(0).getSimpleName().toString();
      m.addJavadoc("The $L rows inside {@code $L}, nearest its centre first: the geohash cells of {@code $L} covering the box\n"
          + "(of one length, chosen for few reads), each $L, then the box test of every row found.\n", entity.simpleName(), box, index.name(), store);
      m.addStatement("$T.requireNonNull($N, $S)", Objects.class, box, "box");
      cover = CodeBlock.of("$T.box($N, $L, $L)", GEO_COVER, box, geo.precision(), coverPartition);
      search = CodeBlock.of("$T.within($L,$>$>\n$L, $L, $N)$<$<", GEO_SEARCH, reads.apply(CodeBlock.of("$N", cells)), latOf, lonOf, box);
    }
    m.addStatement("$T<$T> $N = $L", List.class, String.class, cells, cover);
    return m.addStatement(g.async() ? "return $L" : "return join($L)", search).build();
  }
}
