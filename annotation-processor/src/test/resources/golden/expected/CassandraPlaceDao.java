package io.denorm.examples.places;

import com.datastax.oss.driver.api.core.CqlSession;
import io.denorm.KeyChecks;
import io.denorm.ScannableDao;
import io.denorm.cassandra.CassandraDaoBase;
import io.denorm.cassandra.CassandraIndexTable;
import io.denorm.cassandra.MasterTable;
import io.denorm.cassandra.PreparedCql;
import io.denorm.cassandra.StatementOptions;
import io.denorm.geo.GeoBox;
import io.denorm.geo.GeoCover;
import io.denorm.geo.GeoSearch;
import io.denorm.index.IndexMaintenance;
import io.denorm.index.IndexScans;
import io.denorm.index.IndexedDao;
import io.denorm.write.DeletePipeline;
import io.denorm.write.SavePipeline;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;
import javax.annotation.processing.Generated;

/**
 * Cassandra implementation of {@link PlaceDao}, storing {@link Place} in table {@code places}.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.places.PlaceDao"
)
public final class CassandraPlaceDao extends CassandraDaoBase<Place> implements PlaceDao, ScannableDao<Place>,
    IndexedDao<Place> {
  /**
   * {@code SELECT id, name, category, lat, lon FROM places WHERE id = ?}
   */
  private final PreparedCql selectById;

  /**
   * {@code SELECT geo_cell, geohash, id FROM places_by_geo WHERE geo_cell = ? AND geohash >= ? AND geohash < ?}
   */
  private final PreparedCql selectPlacesByGeoIndexCells;

  /**
   * {@code SELECT id, name, category, lat, lon FROM places WHERE token(id) >= ? AND token(id) <= ?}
   */
  private final PreparedCql scanPlace;

  /**
   * {@code SELECT id, name, category, lat, lon, WRITETIME(name), WRITETIME(category), WRITETIME(lat), WRITETIME(lon)
   * FROM places WHERE id = ?}
   */
  private final PreparedCql selectPlaceRow;

  /**
   * {@code INSERT INTO places (id, name, category, lat, lon) VALUES (?, ?, ?, ?, ?)}
   */
  private final PreparedCql insertPlace;

  /**
   * {@code DELETE FROM places WHERE id = ?}
   */
  private final PreparedCql deletePlace;

  /**
   * Index table {@code places_by_geo}.
   */
  private final CassandraIndexTable placesByGeoIndex;

  /**
   * Reads the master row an index row points at.
   */
  private final Function<List<Object>, CompletionStage<Optional<Place>>> placeByKey;

  private final IndexMaintenance<Place> maintenance;

  /**
   * The steps of a save of Place, each feature hooked into its step; every save method is one call of it.
   */
  private final SavePipeline<Place> saves;

  /**
   * The steps of a delete of Place; every delete method is one call of it.
   */
  private final DeletePipeline<Place> deletes;

  /**
   * A DAO over {@code session} whose tables live in {@code keyspace}. Statements are prepared on first use.
   */
  public CassandraPlaceDao(CqlSession session, String keyspace) {
    super(session, keyspace);
    this.selectById = prepare("SELECT id, name, category, lat, lon FROM {keyspace}.places WHERE id = ?");
    this.selectPlacesByGeoIndexCells = prepare("SELECT geo_cell, geohash, id FROM {keyspace}.places_by_geo WHERE "
        + "geo_cell = ? AND geohash >= ? AND geohash < ?");
    this.scanPlace = prepare("SELECT id, name, category, lat, lon FROM {keyspace}.places WHERE token(id) >= ? AND "
        + "token(id) <= ?");
    this.selectPlaceRow = prepare("SELECT id, name, category, lat, lon, WRITETIME(name), WRITETIME(category), "
        + "WRITETIME(lat), WRITETIME(lon) FROM {keyspace}.places WHERE id = ?");
    this.insertPlace = prepare("INSERT INTO {keyspace}.places (id, name, category, lat, lon) VALUES (?, ?, ?, ?, ?)");
    this.deletePlace = prepare("DELETE FROM {keyspace}.places WHERE id = ?");
    this.placesByGeoIndex = indexTable(CassandraPlaceMapper.PLACES_BY_GEO, "places_by_geo", 1, List.of("geo_cell",
        "geohash", "id"));
    this.placeByKey = masterLookup(selectPlaceRow, CassandraPlaceMapper::fromRow);
    this.maintenance = indexMaintenance(scanPlace, CassandraPlaceMapper::fromRow, CassandraPlaceMapper::indexEntries,
        placeByKey);
    master(MasterTable.<Place>of("Place", selectPlaceRow, CassandraPlaceMapper::fromRow, CassandraPlaceMapper::keyOf,
        CassandraPlaceMapper::bindKeyValues)
        .inserting(insertPlace, CassandraPlaceMapper::bindAll)
        .deleting(deletePlace, null)
        .indexed(CassandraPlaceMapper::indexEntries));
    this.saves = savePipeline()
        .checking(CassandraPlaceMapper::requireValidKey)
        .build();
    this.deletes = deletePipeline(CassandraPlaceMapper::keyOf)
        .checking(CassandraPlaceMapper::requireValidKey)
        .build();
  }

  /**
   * Writes every column of the {@code Place} row in table {@code places}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   */
  @Override
  public void save(Place place) {
    join(saves.save(place));
  }

  /**
   * Writes every column of the {@code Place} row in table {@code places}, replacing the row with the same key.
   * The key is checked before anything is sent; the write carries one client-side timestamp.
   * Index tables are kept in step: new entries first, then the master row, then the entries only the previous state
   * had.
   */
  @Override
  public CompletionStage<Void> saveAsync(Place place) {
    return saves.save(place);
  }

  /**
   * Served by table {@code places}: {@code id = ?}.
   */
  @Override
  public Optional<Place> findById(String id) {
    KeyChecks.argument("Place", "id", id);
    return one(
        selectById.sync().boundStatementBuilder()
            .setString(0, id),
        CassandraPlaceMapper::fromRow);
  }

  /**
   * The Place rows within {@code radiusMeters} metres of ({@code lat}, {@code lon}), nearest first: the geohash cells
   * of {@code places_by_geo} covering the circle
   * (of one length, chosen for few reads), each one range read of each index partition it spans, then the great-circle
   * distance of every row found.
   */
  @Override
  public List<Place> findNear(double lat, double lon, double radiusMeters) {
    List<String> cells = GeoCover.circle(lat, lon, radiusMeters, 6, 3);
    return join(GeoSearch.near(geoReads(cells, 3, selectPlacesByGeoIndexCells, placesByGeoIndex, placeByKey,
        CassandraPlaceMapper::indexEntries),
            e -> e.lat(), e -> e.lon(), lat, lon, radiusMeters));
  }

  /**
   * The Place rows within {@code radiusMeters} metres of ({@code lat}, {@code lon}), nearest first: the geohash cells
   * of {@code places_by_geo} covering the circle
   * (of one length, chosen for few reads), each one range read of each index partition it spans, then the great-circle
   * distance of every row found.
   */
  @Override
  public CompletionStage<List<Place>> findNearAsync(double lat, double lon, double radiusMeters) {
    List<String> cells = GeoCover.circle(lat, lon, radiusMeters, 6, 3);
    return GeoSearch.near(geoReads(cells, 3, selectPlacesByGeoIndexCells, placesByGeoIndex, placeByKey,
        CassandraPlaceMapper::indexEntries),
            e -> e.lat(), e -> e.lon(), lat, lon, radiusMeters);
  }

  /**
   * The Place rows inside {@code box}, nearest its centre first: the geohash cells of {@code places_by_geo} covering
   * the box
   * (of one length, chosen for few reads), each one range read of each index partition it spans, then the box test of
   * every row found.
   */
  @Override
  public List<Place> findWithin(GeoBox box) {
    Objects.requireNonNull(box, "box");
    List<String> cells = GeoCover.box(box, 6, 3);
    return join(GeoSearch.within(geoReads(cells, 3, selectPlacesByGeoIndexCells, placesByGeoIndex, placeByKey,
        CassandraPlaceMapper::indexEntries),
            e -> e.lat(), e -> e.lon(), box));
  }

  /**
   * Deletes one row of table {@code places} by its primary key, at one client-side write timestamp.
   * Returns whether the row existed when it was read just before the delete.
   * Index entries of the deleted row are removed after the master row.
   */
  @Override
  public boolean deleteById(String id) {
    KeyChecks.keyComponent("Place", "id", id);
    return join(deletes.deleteByKey(Arrays.<Object>asList(id), true));
  }

  @Override
  public List<IndexScans.Segment<Place>> scanSegments(int segments) {
    return masterSegments(scanPlace, CassandraPlaceMapper::fromRow, segments);
  }

  @Override
  public IndexScans.Segment<Place> scanSegment(String range) {
    return masterSegment(scanPlace, CassandraPlaceMapper::fromRow, range);
  }

  /**
   * Verify, rebuild and back-fill of the index tables of {@code places}: places_by_geo.
   */
  @Override
  public IndexMaintenance<Place> indexMaintenance() {
    return maintenance;
  }

  /**
   * This DAO with other statement options, for the calls that need them: another instance over the same session and
   * keyspace (the session prepares each statement once), with this one's clock, repair grace, observer and list limit.
   */
  public CassandraPlaceDao withStatementOptions(StatementOptions options) {
    CassandraPlaceDao other = new CassandraPlaceDao(session(), keyspace().asInternal());
    other.copySettingsFrom(this);
    other.setStatementOptions(options);
    return other;
  }
}
