package io.denorm.examples.audience;

import io.denorm.annotations.Dao;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.stream.Stream;

/**
 * Who meets a criterion, as sorted id streams from the inverted indexes (to intersect and unite
 * with {@code io.denorm.search.SortedIds}), and the visitors' rows by id, 100 at a time (for {@code
 * io.denorm.search.DirectAggregation}).
 */
@Dao
public interface VisitorDao {
  void save(Visitor visitor);

  CompletionStage<Void> saveAsync(Visitor visitor);

  Stream<String> findIdsBySitesContains(String site);

  Stream<String> findIdsByCategoriesContains(String category);

  Stream<String> findIdsByCity(String city);

  List<Visitor> findAllById(Collection<String> ids);
}
