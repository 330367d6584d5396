package io.denorm.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import io.denorm.processor.generation.SourceFileGenerator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.tools.JavaFileObject;
import javax.tools.StandardLocation;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The examples' generated sources and schema files compared as text with the files under {@code
 * src/test/resources/golden/expected}. After an intended change, regenerate them with {@code
 * DENORM_UPDATE_GOLDEN=true mvn -pl annotation-processor test} and review the diff.
 */
class GoldenFilesTest {

  /** The examples' own sources: the golden files show what the processor makes of them. */
  private static final List<String> INPUTS = List.of(
      "readings/Reading", "readings/ReadingValue", "readings/ReadingDao", "readings/ReadingQueries", "calibrations/Calibration", "calibrations/CalibrationDao",
      "devices/Device", "devices/DeviceStatus", "devices/dao/DeviceDao", "users/User", "users/UserDao", "users/Skill",
      "trades/Trade", "trades/TradeSummary", "trades/TradeDao", "people/Person", "people/Address", "people/PersonDao",
      "portfolios/Portfolio", "portfolios/Holding", "portfolios/Stock", "portfolios/PortfolioDao", "portfolios/StockDao",
      "library/Author", "library/AuthorSnippet", "library/Book", "library/AuthorDao", "library/BookDao",
      "library/Publisher", "library/PublisherDao", "orders/Order", "orders/LineItem", "orders/Money", "orders/StatusChange", "orders/OrderDao",
      "posts/Post", "posts/Comment", "posts/PostDao", "posts/CommentDao",
      "mailbox/Message", "mailbox/MessageDao", "mailbox/MailboxMessage", "mailbox/MailboxDao",
      "places/Place", "places/PlaceDao", "clicks/Click", "clicks/ClickDao",
      "audience/Visitor", "audience/VisitorDao", "threads/Reply", "threads/Discussion", "threads/DiscussionDao",
      "catalog/Category", "catalog/CategoryDao", "catalog/ShopCategory", "catalog/ShopCategoryDao",
      "catalog/CatalogNode", "catalog/CatalogNodeDao", "courses/Course", "courses/Student", "courses/CourseDao", "courses/StudentDao",
      "accounts/Account", "accounts/AccountCard", "accounts/AccountDao", "shop/Money", "shop/EuroCents", "shop/Product", "shop/ProductDao");
  private static Compilation compilation;

  @BeforeAll
  static void compile() {
    Path root = Path.of(System.getProperty("denorm.examples.src", "../examples/src/main/java")).resolve("io/denorm/examples");
    JavaFileObject[] sources = INPUTS.stream()
        .map(name -> {
          try {
            return JavaFileObjects.forResource(root.resolve(name + ".java").toUri().toURL());
          } catch (java.net.MalformedURLException e) {
            throw new IllegalStateException(e);
          }
        })
        .toArray(JavaFileObject[]::new);
    compilation = Sources.compile(sources);
    assertThat(compilation).succeededWithoutWarnings();
  }

  @ParameterizedTest
  @ValueSource(strings = {
      "io.denorm.examples.readings.CassandraReadingDao",
      "io.denorm.examples.readings.CassandraReadingQueries",
      "io.denorm.examples.courses.CassandraCourseMapper",
      "io.denorm.examples.courses.HBaseCourseMapper",
      "io.denorm.examples.accounts.CassandraAccountDao",
      "io.denorm.examples.shop.CassandraProductMapper",
      "io.denorm.examples.shop.HBaseProductMapper",
      "io.denorm.examples.accounts.HBaseAccountDao",
      "io.denorm.examples.mailbox.CassandraMessageDao",
      "io.denorm.examples.mailbox.CassandraMessageMapper",
      "io.denorm.examples.mailbox.HBaseMessageDao",
      "io.denorm.examples.mailbox.CassandraMailboxDao",
      "io.denorm.examples.mailbox.HBaseMailboxDao",
      "io.denorm.examples.places.CassandraPlaceDao",
      "io.denorm.examples.places.CassandraPlaceMapper",
      "io.denorm.examples.places.HBasePlaceDao",
      "io.denorm.examples.clicks.CassandraClickDao",
      "io.denorm.examples.clicks.HBaseClickDao",
      "io.denorm.examples.audience.CassandraVisitorDao",
      "io.denorm.examples.audience.HBaseVisitorDao",
      "io.denorm.examples.threads.CassandraDiscussionMapper",
      "io.denorm.examples.catalog.CassandraCategoryDao",
      "io.denorm.examples.catalog.HBaseCategoryDao",
      "io.denorm.examples.catalog.CassandraShopCategoryDao",
      "io.denorm.examples.catalog.HBaseShopCategoryDao",
      "io.denorm.examples.catalog.CassandraCatalogNodeDao",
      "io.denorm.examples.catalog.HBaseCatalogNodeDao",
      "io.denorm.examples.readings.CassandraReadingMapper",
      "io.denorm.examples.calibrations.CassandraCalibrationDao",
      "io.denorm.examples.calibrations.CassandraCalibrationMapper",
      "io.denorm.examples.devices.dao.CassandraDeviceDao",
      "io.denorm.examples.devices.CassandraDeviceMapper",
      "io.denorm.examples.users.CassandraUserDao",
      "io.denorm.examples.users.CassandraUserMapper",
      "io.denorm.examples.readings.HBaseReadingDao",
      "io.denorm.examples.readings.HBaseReadingMapper",
      "io.denorm.examples.devices.HBaseDeviceMapper",
      "io.denorm.examples.users.HBaseUserDao",
      "io.denorm.examples.users.HBaseUserMapper",
      "io.denorm.examples.trades.HBaseTradeDao",
      "io.denorm.examples.trades.HBaseTradeMapper",
      "io.denorm.examples.people.CassandraPersonDao",
      "io.denorm.examples.people.CassandraPersonMapper",
      "io.denorm.examples.people.HBasePersonDao",
      "io.denorm.examples.portfolios.CassandraPortfolioDao",
      "io.denorm.examples.portfolios.HBasePortfolioDao",
      "io.denorm.examples.portfolios.HBasePortfolioMapper",
      "io.denorm.examples.orders.CassandraOrderMapper",
      "io.denorm.examples.orders.HBaseOrderMapper",
      "io.denorm.examples.library.CassandraAuthorDao",
      "io.denorm.examples.library.CassandraBookDao",
      "io.denorm.examples.library.CassandraBookMapper",
      "io.denorm.examples.library.CassandraBookSnippetHolders",
      "io.denorm.examples.library.HBaseAuthorDao",
      "io.denorm.examples.library.HBaseBookDao",
      "io.denorm.examples.library.HBaseBookSnippetHolders",
      "io.denorm.examples.posts.CassandraCommentDao",
      "io.denorm.examples.posts.CassandraCommentMapper",
      "io.denorm.examples.posts.CassandraPostMapper",
      "io.denorm.examples.posts.HBaseCommentDao",
      "io.denorm.examples.posts.HBasePostMapper"})
  void generatedSource(String className) throws IOException {
    JavaFileObject file = compilation.generatedSourceFile(className).orElseThrow(() -> new AssertionError("not generated: " + className));
    compare(className.substring(className.lastIndexOf('.') + 1) + ".java", file.getCharContent(true).toString());
  }

  /** Every source the examples make the processor write, golden or not, keeps its lines within the limit. */
  @Test
  void noGeneratedLineIsLongerThanTheLimit() throws IOException {
    List<String> longLines = new ArrayList<>();
    for (JavaFileObject file : compilation.generatedSourceFiles()) {
      String[] lines = file.getCharContent(true).toString().split("\n");
      for (int i = 0; i < lines.length; i++) {
        if (lines[i].length() > SourceFileGenerator.MAX_LINE) {
          longLines.add(file.getName() + ":" + (i + 1) + " (" + lines[i].length() + " characters)");
        }
      }
    }
    assertTrue(compilation.generatedSourceFiles().size() > 60, "the examples generate their sources");
    assertEquals(List.of(), longLines);
  }

  @ParameterizedTest
  @ValueSource(strings = {"schema.cql", "model.yaml", "hbase-tables.yaml"})
  void schemaFile(String name) throws IOException {
    JavaFileObject file = compilation.generatedFile(StandardLocation.CLASS_OUTPUT, "META-INF/denorm/" + name)
        .orElseThrow(() -> new AssertionError("not generated: " + name));
    compare(name, file.getCharContent(true).toString());
  }

  private static void compare(String name, String actual) throws IOException {
    Path golden = Path.of(System.getProperty("denorm.golden.dir", "src/test/resources/golden/expected")).resolve(name);
    if ("true".equals(System.getenv("DENORM_UPDATE_GOLDEN"))) {
      Files.createDirectories(golden.getParent());
      Files.writeString(golden, actual);
      return;
    }
    assertTrue(Files.isRegularFile(golden), golden + " is missing; run DENORM_UPDATE_GOLDEN=true mvn -pl annotation-processor test");
    assertEquals(Files.readString(golden), actual, name + " differs from its golden file " + golden
        + "; if the change is intended, regenerate with DENORM_UPDATE_GOLDEN=true and review the diff");
  }
}
