package io.denorm.examples.places;

import io.denorm.KeyChecks;
import io.denorm.geo.GeoBox;
import io.denorm.geo.GeoCover;
import io.denorm.geo.GeoSearch;
import io.denorm.hbase.HBaseConnections;
import io.denorm.hbase.HBaseDaoBase;
import io.denorm.hbase.HBaseIndexTable;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import javax.annotation.processing.Generated;
import org.apache.hadoop.hbase.client.AsyncConnection;
import org.apache.hadoop.hbase.client.Connection;

/**
 * HBase implementation of {@link PlaceDao}, storing {@link Place} in table {@code places}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.places.PlaceDao"
)
public final class HBasePlaceDao extends HBaseDaoBase<Place> implements PlaceDao {
  /**
   * Index table {@code places_by_geo}.
   */
  private final HBaseIndexTable placesByGeoIndex;

  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}. It runs on an asynchronous connection opened
   * once per {@code connection}.
   */
  public HBasePlaceDao(Connection connection, String namespace) {
    this(HBaseConnections.async(connection), namespace);
  }

  /**
   * A DAO over {@code connection} whose tables live in {@code namespace}.
   */
  public HBasePlaceDao(AsyncConnection connection, String namespace) {
    super(connection, namespace, "Place", "places", HBasePlaceMapper.KEY, HBasePlaceMapper.COLUMNS,
        HBasePlaceMapper::key, HBasePlaceMapper::cells, HBasePlaceMapper::fromRow, HBasePlaceMapper::indexEntries);
    typedKeys(HBasePlaceMapper::rowKey);
    this.placesByGeoIndex = indexTable(HBasePlaceMapper.PLACES_BY_GEO, "places_by_geo",
        HBasePlaceMapper.PLACES_BY_GEO_KEY);
  }

  /**
   * Writes every column of the {@code Place} row in table {@code places} at one timestamp; null columns are deleted.
   * The key (and every index key) is encoded before anything is sent.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   */
  @Override
  public void save(Place place) {
    write(place);
  }

  /**
   * Writes every column of the {@code Place} row in table {@code places} at one timestamp; null columns are deleted.
   * The key (and every index key) is encoded before anything is sent.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   */
  @Override
  public CompletionStage<Void> saveAsync(Place place) {
    return writeAsync(place);
  }

  /**
   * Served by table {@code places}: {@code id = ?}.
   */
  @Override
  public Optional<Place> findById(String id) {
    KeyChecks.argument("Place", "id", id);
    return get(List.<Object>of(id));
  }

  /**
   * The Place rows within {@code radiusMeters} metres of ({@code lat}, {@code lon}), nearest first: the geohash cells
   * of {@code places_by_geo} covering the circle
   * (of one length, chosen for few reads), each one scan of the index rows under it, then the great-circle distance of
   * every row found.
   */
  @Override
  public List<Place> findNear(double lat, double lon, double radiusMeters) {
    List<String> cells = GeoCover.circle(lat, lon, radiusMeters, 6, 0);
    return join(GeoSearch.near(geoReads(cells, 3, placesByGeoIndex),
            e -> e.lat(), e -> e.lon(), lat, lon, radiusMeters));
  }

  /**
   * The Place rows within {@code radiusMeters} metres of ({@code lat}, {@code lon}), nearest first: the geohash cells
   * of {@code places_by_geo} covering the circle
   * (of one length, chosen for few reads), each one scan of the index rows under it, then the great-circle distance of
   * every row found.
   */
  @Override
  public CompletionStage<List<Place>> findNearAsync(double lat, double lon, double radiusMeters) {
    List<String> cells = GeoCover.circle(lat, lon, radiusMeters, 6, 0);
    return GeoSearch.near(geoReads(cells, 3, placesByGeoIndex),
            e -> e.lat(), e -> e.lon(), lat, lon, radiusMeters);
  }

  /**
   * The Place rows inside {@code box}, nearest its centre first: the geohash cells of {@code places_by_geo} covering
   * the box
   * (of one length, chosen for few reads), each one scan of the index rows under it, then the box test of every row
   * found.
   */
  @Override
  public List<Place> findWithin(GeoBox box) {
    Objects.requireNonNull(box, "box");
    List<String> cells = GeoCover.box(box, 6, 0);
    return join(GeoSearch.within(geoReads(cells, 3, placesByGeoIndex),
            e -> e.lat(), e -> e.lon(), box));
  }

  /**
   * Deletes one row of table {@code places} by its key, at one timestamp.
   * Returns whether the row existed when it was read just before the delete.
   */
  @Override
  public boolean deleteById(String id) {
    KeyChecks.keyComponent("Place", "id", id);
    return join(removeAsync(List.<Object>of(id)));
  }
}
