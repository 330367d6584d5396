package io.denorm.examples.places;

import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.Row;
import io.denorm.KeyChecks;
import io.denorm.geo.GeoHash;
import io.denorm.index.IndexDefinition;
import io.denorm.index.IndexEntry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import javax.annotation.processing.Generated;

/**
 * Maps {@link Place} to rows of table {@code places}.
 *
 * <p>Column order of {@link #bindAll} and {@link #fromRow}: id, name, category, lat, lon.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.places.Place"
)
public final class CassandraPlaceMapper {
  /**
   * Index table {@code places_by_geo}: key (geo_cell, geohash), then the master key.
   */
  public static final IndexDefinition PLACES_BY_GEO = new IndexDefinition("Place", "places_by_geo", 2, 1, 0, false);

  private CassandraPlaceMapper() {
  }

  /**
   * Throws {@link io.denorm.InvalidEntityException} when a key component is null or too large, or a converter refuses a
   * value.
   */
  public static void requireValidKey(Place entity) {
    Objects.requireNonNull(entity, "Place to write");
    KeyChecks.keyComponent("Place", "id", entity.id());
  }

  /**
   * Binds every column, in table order, from index 0.
   */
  public static BoundStatementBuilder bindAll(BoundStatementBuilder statement, Place entity) {
    statement = statement.setString(0, entity.id());
    statement = statement.setString(1, entity.name());
    statement = statement.setString(2, entity.category());
    statement = statement.setDouble(3, entity.lat());
    statement = statement.setDouble(4, entity.lon());
    return statement;
  }

  /**
   * Binds the primary key columns, in key order, from index 0.
   */
  public static BoundStatementBuilder bindKey(BoundStatementBuilder statement, Place entity) {
    statement = statement.setString(0, entity.id());
    return statement;
  }

  /**
   * Binds the primary key columns, in key order, from index 0, from the key values {@code key} (in key order).
   */
  public static BoundStatementBuilder bindKeyValues(BoundStatementBuilder statement,
      List<Object> key) {
    statement = statement.setString(0, (String) key.get(0));
    return statement;
  }

  /**
   * The key values of {@code entity}, in key order.
   */
  public static List<Object> keyOf(Place entity) {
    return Arrays.asList(entity.id());
  }

  /**
   * Reads one entity from a row whose columns are in table order.
   */
  public static Place fromRow(Row row) {
    return new Place(
            row.getString(0),
            row.getString(1),
            row.getString(2),
            row.getDouble(3),
            row.getDouble(4));
  }

  /**
   * Every index row {@code entity} needs, values in stored form. A null key value means no row.
   */
  public static List<IndexEntry> indexEntries(Place entity) {
    List<IndexEntry> entries = new ArrayList<>();
    // places_by_geo
    KeyChecks.point("Place", "lat", entity.lat(), "lon", entity.lon());
    entries.add(new IndexEntry(PLACES_BY_GEO, Arrays.asList(GeoHash.encode(entity.lat(), entity.lon(), 3),
        GeoHash.encode(entity.lat(), entity.lon(), 6), entity.id())));
    return entries;
  }
}
