package io.denorm.examples.library;

import com.datastax.oss.driver.api.core.cql.BoundStatementBuilder;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.data.UdtValue;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import com.datastax.oss.driver.api.core.type.reflect.GenericType;
import io.denorm.Conversions;
import io.denorm.KeyChecks;
import io.denorm.cassandra.CassandraValues;
import io.denorm.index.IndexDefinition;
import io.denorm.index.IndexEntry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;
import javax.annotation.processing.Generated;

/**
 * Maps {@link Book} to rows of table {@code library_books}.
 *
 * <p>Column order of {@link #bindAll} and {@link #fromRow}: id, name, publisher_id, authors.
 */
@Generated(
    value = "io.denorm.processor.DenormProcessor",
    comments = "from io.denorm.examples.library.Book"
)
public final class CassandraBookMapper {
  /**
   * Index table {@code library_books_by_publisher}: key (publisherId), then the master key.
   */
  public static final IndexDefinition LIBRARY_BOOKS_BY_PUBLISHER = new IndexDefinition("Book",
      "library_books_by_publisher", 1, 1, 0, false);

  /**
   * Index table {@code library_books_by_authors_id}: key (authors.id (each element)), then the master key.
   */
  public static final IndexDefinition LIBRARY_BOOKS_BY_AUTHORS_ID = new IndexDefinition("Book",
      "library_books_by_authors_id", 1, 1, 0, false);

  private CassandraBookMapper() {
  }

  /**
   * Throws {@link io.denorm.InvalidEntityException} when a key component is null or too large, or a converter refuses a
   * value.
   */
  public static void requireValidKey(Book entity) {
    Objects.requireNonNull(entity, "Book to write");
    KeyChecks.keyComponent("Book", "id", entity.id());
  }

  /**
   * Binds every column, in table order, from index 0.
   */
  public static BoundStatementBuilder bindAll(BoundStatementBuilder statement, Book entity) {
    statement = statement.setString(0, entity.id());
    statement = statement.setString(1, entity.name());
    statement = statement.setString(2, entity.publisherId());
    statement = statement.set(3, CassandraValues.toList(entity.authors(),
        CassandraValues.elementType(statement.getType(3)), (t1, e1) ->
        CassandraBookMapper.authorSnippetToUdt((UserDefinedType) t1, e1)),
        GenericType.listOf(GenericType.of(UdtValue.class)));
    return statement;
  }

  /**
   * Binds the primary key columns, in key order, from index 0.
   */
  public static BoundStatementBuilder bindKey(BoundStatementBuilder statement, Book entity) {
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
  public static List<Object> keyOf(Book entity) {
    return Arrays.asList(entity.id());
  }

  /**
   * Reads one entity from a row whose columns are in table order.
   */
  public static Book fromRow(Row row) {
    return new Book(
            row.getString(0),
            row.getString(1),
            row.getString(2),
            Conversions.list(row.get(3, GenericType.listOf(GenericType.of(UdtValue.class))), e1 ->
                CassandraBookMapper.authorSnippetFromUdt(e1)));
  }

  private static UdtValue authorSnippetToUdt(UserDefinedType type, AuthorSnippet element) {
    if (element == null) {
      return null;
    }
    UdtValue value = type.newValue();
    value = value.setString(0, element.id());
    value = value.setString(1, element.name());
    value = value.setString(2, element.thumbnailUrl());
    return value;
  }

  private static AuthorSnippet authorSnippetFromUdt(UdtValue value) {
    if (value == null) {
      return null;
    }
    return new AuthorSnippet(value.getString(0), value.getString(1), value.getString(2));
  }

  /**
   * {@code entity} with {@code other} added to {@code authors} (the owning side of Author.bookIds); null when it is
   * there already.
   */
  public static Book authorsWith(Book entity, Author other) {
    List<AuthorSnippet> old = entity.authors();
    List<AuthorSnippet> next = new ArrayList<>();
    if (old != null) {
      for (AuthorSnippet element : old) {
        if (element != null && Objects.equals(element.id(), other.id())) {
          return null;
        }
        next.add(element);
      }
    }
    next.add(new AuthorSnippet(other.id(), other.name(), other.thumbnailUrl()));
    return new Book(entity.id(), entity.name(), entity.publisherId(), next);
  }

  /**
   * {@code entity} with every element naming {@code id} removed from {@code authors}; null when none does.
   */
  public static Book authorsWithout(Book entity, Object id) {
    List<AuthorSnippet> old = entity.authors();
    if (old == null) {
      return null;
    }
    List<AuthorSnippet> next = new ArrayList<>();
    for (AuthorSnippet element : old) {
      if (element == null || !Objects.equals(element.id(), id)) {
        next.add(element);
      }
    }
    if (next.size() == old.size()) {
      return null;
    }
    return new Book(entity.id(), entity.name(), entity.publisherId(), next);
  }

  /**
   * The Publisher ids {@code entity} references through {@code publisherId}, in field order, nulls left out.
   */
  public static List<Object> publisherIdReferences(Book entity) {
    List<Object> ids = new ArrayList<>();
    if (entity.publisherId() != null) {
      ids.add(entity.publisherId());
    }
    return ids;
  }

  /**
   * The Author ids {@code entity} references through {@code authors}, in field order, nulls left out.
   */
  public static List<Object> authorsReferences(Book entity) {
    List<Object> ids = new ArrayList<>();
    if (entity.authors() != null) {
      for (AuthorSnippet element : entity.authors()) {
        if (element != null && element.id() != null) {
          ids.add(element.id());
        }
      }
    }
    return ids;
  }

  /**
   * {@code entity} with every {@code authors} element whose name, thumbnailUrl differ from its Author row (given by
   * {@code sources}, by id) copied again;
   * null when none differs. A record is copied; a class is changed in place.
   */
  public static Book refreshAuthors(Book entity, Function<Object, Author> sources) {
    List<AuthorSnippet> old = entity.authors();
    if (old == null || old.isEmpty()) {
      return null;
    }
    List<AuthorSnippet> fresh = new ArrayList<>(old.size());
    boolean changed = false;
    for (AuthorSnippet element : old) {
      Author source = element == null || element.id() == null ? null : sources.apply(element.id());
      if (source == null || source.name() == null && source.thumbnailUrl() == null || Objects.equals(element.name(),
          source.name()) && Objects.equals(element.thumbnailUrl(), source.thumbnailUrl())) {
        fresh.add(element);
        continue;
      }
      changed = true;
      AuthorSnippet copy = new AuthorSnippet(element.id(), source.name(), source.thumbnailUrl());
      fresh.add(copy);
    }
    if (!changed) {
      return null;
    }
    return new Book(entity.id(), entity.name(), entity.publisherId(), fresh);
  }

  /**
   * {@code entity} with its {@code authors} snippets of {@code source} brought up to date; null when they already are.
   */
  public static Book refreshAuthors(Book entity, Author source) {
    Object id = source.id();
    return refreshAuthors(entity, key -> key.equals(id) ? source : null);
  }

  /**
   * Whether a Author save from {@code before} to {@code after} changes a field {@code authors} copies.
   */
  public static boolean authorsSourceChanged(Author before, Author after) {
    return !Objects.equals(before.name(), after.name()) || !Objects.equals(before.thumbnailUrl(), after.thumbnailUrl());
  }

  /**
   * The id of a Author row, as {@code authors} elements hold it.
   */
  public static Object authorsSourceId(Author source) {
    return source.id();
  }

  /**
   * Binds the columns a rewrite of the row as a holder may change, in table order, then the key.
   */
  public static BoundStatementBuilder bindRewrite(BoundStatementBuilder statement, Book entity) {
    statement = statement.set(0, CassandraValues.toList(entity.authors(),
        CassandraValues.elementType(statement.getType(0)), (t1, e1) ->
        CassandraBookMapper.authorSnippetToUdt((UserDefinedType) t1, e1)),
        GenericType.listOf(GenericType.of(UdtValue.class)));
    statement = statement.setString(1, entity.id());
    return statement;
  }

  /**
   * Every index row {@code entity} needs, values in stored form. A null key value means no row.
   */
  public static List<IndexEntry> indexEntries(Book entity) {
    List<IndexEntry> entries = new ArrayList<>();
    // library_books_by_publisher
    if (entity.publisherId() != null) {
      entries.add(new IndexEntry(LIBRARY_BOOKS_BY_PUBLISHER, Arrays.asList(entity.publisherId(), entity.id())));
    }
    // library_books_by_authors_id
    if (entity.authors() != null) {
      for (AuthorSnippet element : entity.authors()) {
        if (element != null && element.id() != null) {
          entries.add(new IndexEntry(LIBRARY_BOOKS_BY_AUTHORS_ID, Arrays.asList(element.id(), entity.id())));
        }
      }
    }
    return entries;
  }
}
