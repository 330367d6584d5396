package io.denorm.key;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.denorm.InvalidEntityException;
import io.denorm.key.RowKeyCodec.Component;
import io.denorm.key.RowKeyCodec.Kind;
import java.math.BigInteger;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.UUID;
import java.util.function.Supplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Example;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;
import net.jqwik.api.constraints.Size;
import net.jqwik.api.statistics.Statistics;

/**
 * Property tests (jqwik, a random seed per run, shrinking on) of the three claims of {@link RowKeyCodec}, over random
 * schemas of one to four components mixing every {@link Kind}, ascending and descending, nullable or not:
 *
 * <ol>
 *   <li>round trip: {@code decode(encode(t))} is {@code t} (also at an offset inside a longer array);
 *   <li>order: unsigned lexicographic order of the keys is the order of the tuples, component by component (descending
 *       components reversed, nulls first when ascending), a tuple before the tuples it is a prefix of;
 *   <li>prefix safety: a tuple prefix encodes to a byte prefix of the whole (and {@code ends[]} says where), and one key
 *       is a byte prefix of another exactly when its tuple is a tuple prefix of the other's: {@code ("CA", "San
 *       Francisco")} is not a prefix of {@code ("CA", "San Francisco Bay", …)}.
 * </ol>
 *
 * The reference order is the one the codec documents: strings and enum names by code point (UTF-8 order, which is not
 * {@link String#compareTo}'s UTF-16 order above U+FFFF), byte arrays unsigned, floats and doubles by {@link
 * Float#compare} ({@code -0.0} before {@code 0.0}, every NaN equal and last), UUIDs in Cassandra's order (version,
 * then a time-based UUID's {@link UUID#timestamp()} or another's high half unsigned, then the low half unsigned),
 * the rest by their natural order.
 *
 * <p>Pairs of tuples share a random number of leading components and then differ by a near value ({@code s} and {@code
 * s + suffix}, {@code x} and {@code x ± 1}, {@code Math.nextUp}, …) or a fresh one, so that ties and near-ties are
 * frequent. The well-formed-string properties and the lone-surrogate properties are separate so that a failure says
 * which of the two is broken; both run every time.
 *
 * <p>The typed path ({@link KeyWriter}, {@link KeyReader}) is checked against the list path on the same tuples: the same
 * bytes, the same values back, the same refusals.
 *
 * <p>Cases per run: 25,000 + 30,000 + 15,000 + 25,000 (well-formed strings) + 15,000 (typed path) + 4 × 5,000 (lone
 * surrogates) = 130,000.
 */
class RowKeyCodecPropertiesTest {

  /** Declaration order differs from name order, and the names are not all ASCII (U+FF21 and U+1D538 sort apart in UTF-8 and UTF-16). */
  enum Mood { ZEBRA, apple, Apple, APPLE_PIE, $dollar, _under, a1, ÄRGER, 東京, Ａwide, 𝔸lpha }

  enum Bit { ONE, ZERO }

  // ---- 1. round trip ------------------------------------------------------------------------------------------------

  @Property(tries = 25_000)
  void decodeInvertsEncode(@ForAll("wellFormedTuples") Keyed t, @ForAll @Size(max = 3) List<Byte> junk) {
    collectStatistics(t);
    checkRoundTrip(t, junk);
  }

  // ---- 2. order -----------------------------------------------------------------------------------------------------

  @Property(tries = 30_000)
  void byteOrderIsTupleOrder(@ForAll("wellFormedPairs") Pair p) {
    checkOrder(p);
  }

  // ---- 3. prefix safety ---------------------------------------------------------------------------------------------

  @Property(tries = 15_000)
  void aTuplePrefixEncodesToAKeyPrefix(@ForAll("wellFormedTuples") Keyed t) {
    RowKeyCodec codec = t.codec();
    int[] ends = new int[t.schema().size()];
    byte[] whole = codec.encode(t.values(), ends);
    assertEquals(0, codec.encode(List.of()).length, "the empty prefix");
    int previous = 0;
    for (int k = 1; k <= t.values().size(); k++) {
      byte[] prefix = codec.encode(t.values().subList(0, k));
      int len = k;
      assertTrue(startsWith(whole, prefix), () -> "prefix of " + len + " components " + hex(prefix) + " of " + t + " = " + hex(whole));
      assertEquals(prefix.length, ends[k - 1], () -> "ends[" + (len - 1) + "] of " + t);
      assertTrue(prefix.length > previous, () -> "component " + (len - 1) + " encodes to no bytes in " + t);
      previous = prefix.length;
    }
    assertEquals(whole.length, previous);
  }

  @Property(tries = 25_000)
  void aKeyIsAPrefixOfAnotherOnlyForATuplePrefix(@ForAll("wellFormedPairs") Pair p) {
    checkPrefixIff(p);
  }

  @Example
  void aCityIsNotAPrefixOfALongerCityAscendingOrDescending() {
    for (boolean descending : new boolean[] {false, true}) {
      RowKeyCodec codec = new RowKeyCodec("User", List.of(Component.of("state", Kind.STRING),
          new Component("city", Kind.STRING, descending, false, null), Component.of("id", Kind.UUID)));
      UUID id = new UUID(1, 2);
      byte[] prefix = codec.encode(List.of("CA", "San Francisco"));
      assertTrue(startsWith(codec.encode(List.of("CA", "San Francisco", id)), prefix));
      assertFalse(startsWith(codec.encode(List.of("CA", "San Francisco Bay", id)), prefix));
      assertFalse(startsWith(codec.encode(List.of("CA", "San Francisco\u0000", id)), prefix));
      assertFalse(startsWith(codec.encode(List.of("CA", "San Francisco")), codec.encode(List.of("CA", "San Francisco Bay"))));
    }
  }

  // ---- 4. the typed path ------------------------------------------------------------------------------------------

  @Property(tries = 15_000)
  void theTypedWriterAndReaderAreTheListCodec(@ForAll("wellFormedTuples") Keyed t, @ForAll @Size(max = 3) List<Byte> junk) {
    checkTypedPath(t, junk);
  }

  @Property(tries = 5_000)
  void theTypedWriterRefusesWhatEncodeRefuses(@ForAll("loneSurrogateTuples") Keyed t) {
    InvalidEntityException refused = refused(t.codec(), t.values());
    if (refused == null) {
      checkTypedPath(t, List.of());
      return;
    }
    InvalidEntityException typed = org.junit.jupiter.api.Assertions.assertThrows(InvalidEntityException.class, () -> writeTyped(t, t.codec().writer()));
    assertEquals(refused.getMessage(), typed.getMessage());
  }

  // ---- the same three properties with lone surrogates in strings ----------------------------------------------------
  // A string with an unpaired surrogate is a valid Java String (and a valid Cassandra/HBase key field value from Java's
  // point of view); the codec either keeps it exactly like any other string, or refuses it with an
  // InvalidEntityException. It must never silently encode it as another string.

  @Property(tries = 5_000)
  void loneSurrogatesRoundTrip(@ForAll("loneSurrogateTuples") Keyed t) {
    if (refused(t.codec(), t.values()) == null) {
      checkRoundTrip(t, List.of());
    }
  }

  @Property(tries = 5_000)
  void loneSurrogatesKeepTheOrder(@ForAll("loneSurrogatePairs") Pair p) {
    if (refused(p.codec(), p.a()) == null && refused(p.codec(), p.b()) == null) {
      checkOrder(p);
    }
  }

  @Property(tries = 5_000)
  void loneSurrogatesArePrefixSafe(@ForAll("loneSurrogatePairs") Pair p) {
    if (refused(p.codec(), p.a()) == null && refused(p.codec(), p.b()) == null) {
      checkPrefixIff(p);
    }
  }

  // ---- the checks ---------------------------------------------------------------------------------------------------

  static void checkRoundTrip(Keyed t, List<Byte> junk) {
    RowKeyCodec codec = t.codec();
    byte[] key = codec.encode(t.values());
    List<Object> back = codec.decode(key);
    assertEquals(t.values().size(), back.size());
    for (int i = 0; i < back.size(); i++) {
      Kind kind = t.schema().get(i).kind();
      Object expected = t.values().get(i);
      Object actual = back.get(i);
      int c = i;
      assertTrue(sameValue(kind, expected, actual), () -> "component " + c + " of " + t + " (key " + hex(key) + ") came back as " + show(actual));
      if (expected != null) {
        assertEquals(expected.getClass(), actual.getClass(), () -> "component " + c + " of " + t);
      }
    }
    byte[] shifted = new byte[junk.size() + key.length];
    for (int i = 0; i < junk.size(); i++) {
      shifted[i] = junk.get(i);
    }
    System.arraycopy(key, 0, shifted, junk.size(), key.length);
    List<Object> atOffset = codec.decode(shifted, junk.size());
    for (int i = 0; i < atOffset.size(); i++) {
      int c = i;
      assertTrue(sameValue(t.schema().get(i).kind(), t.values().get(i), atOffset.get(i)),
          () -> "component " + c + " of " + t + " decoded at offset " + junk.size() + " of " + hex(shifted) + " as " + show(atOffset.get(c)));
    }
  }

  /**
   * The typed writer, fed component by component (strings, non-null longs and ints through their own methods, the rest
   * boxed), writes the bytes of {@code encode}; the typed reader, at an offset after junk, reads the values back.
   */
  static void checkTypedPath(Keyed t, List<Byte> junk) {
    byte[] key = t.codec().encode(t.values());
    byte[] typed = writeTyped(t, t.codec().writer());
    assertArrayEquals(key, typed, () -> "typed key of " + t + ": " + hex(typed) + " instead of " + hex(key));
    // a writer of its own, sized from the strings' lengths as the generated mappers size it: exact for ASCII, copied otherwise
    int chars = t.values().stream().mapToInt(v -> v instanceof String s ? s.length() : 0).sum();
    byte[] sized = writeTyped(t, t.codec().writer(chars));
    assertArrayEquals(key, sized, () -> "sized typed key of " + t + ": " + hex(sized) + " instead of " + hex(key));
    byte[] shifted = new byte[junk.size() + key.length];
    for (int i = 0; i < junk.size(); i++) {
      shifted[i] = junk.get(i);
    }
    System.arraycopy(key, 0, shifted, junk.size(), key.length);
    KeyReader reader = t.codec().reader(shifted, junk.size());
    for (int i = 0; i < t.values().size(); i++) {
      Kind kind = t.schema().get(i).kind();
      Object expected = t.values().get(i);
      Object actual = kind == Kind.STRING ? reader.string()
          : kind == Kind.LONG && expected != null ? (Object) reader.longValue()
          : kind == Kind.INT && expected != null ? (Object) reader.intValue()
          : reader.value();
      int c = i;
      assertTrue(sameValue(kind, expected, actual), () -> "component " + c + " of " + t + " read back as " + show(actual));
    }
    reader.end();
  }

  static byte[] writeTyped(Keyed t, KeyWriter w) {
    for (int i = 0; i < t.values().size(); i++) {
      Kind kind = t.schema().get(i).kind();
      Object v = t.values().get(i);
      if (kind == Kind.STRING) {
        w.string((String) v);
      } else if (kind == Kind.LONG && v != null) {
        w.longValue((Long) v);
      } else if (kind == Kind.INT && v != null) {
        w.intValue((Integer) v);
      } else {
        w.value(v);
      }
    }
    return w.toKey();
  }

  static void checkOrder(Pair p) {
    RowKeyCodec codec = p.codec();
    byte[] ka = codec.encode(p.a());
    byte[] kb = codec.encode(p.b());
    int expected = Integer.signum(compareTuples(p.schema(), p.a(), p.b()));
    assertEquals(expected, Integer.signum(Arrays.compareUnsigned(ka, kb)), () -> p + "\n key a " + hex(ka) + "\n key b " + hex(kb));
    assertEquals(-expected, Integer.signum(Arrays.compareUnsigned(kb, ka)), () -> p + "\n key a " + hex(ka) + "\n key b " + hex(kb));
    assertEquals(expected == 0, Arrays.equals(ka, kb), () -> p + "\n key a " + hex(ka) + "\n key b " + hex(kb));
  }

  static void checkPrefixIff(Pair p) {
    RowKeyCodec codec = p.codec();
    byte[] ka = codec.encode(p.a());
    byte[] kb = codec.encode(p.b());
    assertEquals(isTuplePrefix(p.schema(), p.a(), p.b()), startsWith(kb, ka), () -> "a's key a prefix of b's: " + p + "\n key a " + hex(ka) + "\n key b " + hex(kb));
    assertEquals(isTuplePrefix(p.schema(), p.b(), p.a()), startsWith(ka, kb), () -> "b's key a prefix of a's: " + p + "\n key a " + hex(ka) + "\n key b " + hex(kb));
  }

  /** Null when {@code values} encode; else the InvalidEntityException, which is only allowed for a lone surrogate. */
  static InvalidEntityException refused(RowKeyCodec codec, List<Object> values) {
    try {
      codec.encode(values);
      return null;
    } catch (InvalidEntityException e) {
      if (values.stream().noneMatch(v -> v instanceof String s && hasLoneSurrogate(s))) {
        throw e;
      }
      return e;
    }
  }

  // ---- the reference order and equality -----------------------------------------------------------------------------

  /** Component by component, descending components reversed; a tuple before the longer tuples it is a prefix of. */
  static int compareTuples(List<Component> schema, List<Object> a, List<Object> b) {
    for (int i = 0; i < Math.min(a.size(), b.size()); i++) {
      int cmp = compare(schema.get(i).kind(), a.get(i), b.get(i));
      if (cmp != 0) {
        return schema.get(i).descending() ? -cmp : cmp;
      }
    }
    return Integer.compare(a.size(), b.size());
  }

  /** The documented order of one kind; null first. */
  static int compare(Kind kind, Object x, Object y) {
    if (x == null || y == null) {
      return Boolean.compare(x != null, y != null);
    }
    return switch (kind) {
      case STRING -> compareCodePoints((String) x, (String) y);
      case ENUM -> compareCodePoints(((Enum<?>) x).name(), ((Enum<?>) y).name());
      case BYTES -> Arrays.compareUnsigned((byte[]) x, (byte[]) y);
      case BOOLEAN -> Boolean.compare((Boolean) x, (Boolean) y);
      case BYTE -> Byte.compare((Byte) x, (Byte) y);
      case SHORT -> Short.compare((Short) x, (Short) y);
      case INT -> Integer.compare((Integer) x, (Integer) y);
      case LONG -> Long.compare((Long) x, (Long) y);
      case FLOAT -> Float.compare((Float) x, (Float) y);
      case DOUBLE -> Double.compare((Double) x, (Double) y);
      case BIG_INTEGER -> ((BigInteger) x).compareTo((BigInteger) y);
      case INSTANT -> ((Instant) x).compareTo((Instant) y);
      case LOCAL_DATE -> ((LocalDate) x).compareTo((LocalDate) y);
      case LOCAL_TIME -> ((LocalTime) x).compareTo((LocalTime) y);
      case UUID -> {
        // Cassandra's uuid order: version; then time-based by timestamp, others by the high half
        // unsigned; then the low half unsigned.
        UUID u = (UUID) x;
        UUID v = (UUID) y;
        if (u.version() != v.version()) {
          yield Integer.compare(u.version(), v.version());
        }
        int hi = u.version() == 1 ? Long.compare(u.timestamp(), v.timestamp())
            : Long.compareUnsigned(u.getMostSignificantBits(), v.getMostSignificantBits());
        yield hi != 0 ? hi : Long.compareUnsigned(u.getLeastSignificantBits(), v.getLeastSignificantBits());
      }
    };
  }

  /** Code point order; an unpaired surrogate counts as the code point of its value, as in WTF-8. */
  static int compareCodePoints(String a, String b) {
    return Arrays.compare(a.codePoints().toArray(), b.codePoints().toArray());
  }

  /** Equality as the codec must keep it: bit-exact floats (so -0.0 ≠ 0.0, NaN = NaN), byte arrays by content. */
  static boolean sameValue(Kind kind, Object x, Object y) {
    if (x == null || y == null) {
      return x == y;
    }
    return switch (kind) {
      case BYTES -> Arrays.equals((byte[]) x, (byte[]) y);
      default -> x.equals(y);
    };
  }

  static boolean isTuplePrefix(List<Component> schema, List<Object> a, List<Object> b) {
    if (a.size() > b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (!sameValue(schema.get(i).kind(), a.get(i), b.get(i))) {
        return false;
      }
    }
    return true;
  }

  static boolean startsWith(byte[] key, byte[] prefix) {
    return key.length >= prefix.length && Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length);
  }

  // ---- generators ---------------------------------------------------------------------------------------------------
  // No flatMap: every arbitrary is built once, and a value's neighbour is computed from generated parts (the value, a
  // choice, an extension, a fresh value), so that generation stays cheap and shrinking shrinks all of them together.

  /** One key component with the value of tuple a, a value near it (for b where the two tuples part), and a fresh one. */
  record Slot(Component component, Object a, Object near, Object fresh) {}

  // (declared before the arbitraries built from them)
  static final int[] SPECIAL_CODE_POINTS = {0x00, 0x01, 0x20, 0x3F, 0x41, 0x61, 0x7F, 0x80, 0xFF, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0xFFFE, 0xFFFF,
      0x10000, 0x1F600, 0x10FFFF};
  static final int[] SURROGATES = {0xD800, 0xDBFF, 0xDC00, 0xDFFF};
  static final Arbitrary<Slot> SLOTS = slots(false, true);
  static final Arbitrary<Slot> LONE_SURROGATE_SLOTS = slots(true, true);
  /** Slots for single tuples: no near or fresh value to generate. */
  static final Arbitrary<Slot> SINGLE_SLOTS = slots(false, false);
  static final Arbitrary<Slot> LONE_SURROGATE_SINGLE_SLOTS = slots(true, false);
  static final Arbitrary<Integer> LENGTHS = Arbitraries.frequencyOf(Tuple.of(3, Arbitraries.just(4)), Tuple.of(1, Arbitraries.integers().between(0, 4)));

  @Provide
  Arbitrary<Keyed> wellFormedTuples() {
    return keyed(SINGLE_SLOTS.list().ofMinSize(1).ofMaxSize(4));
  }

  @Provide
  Arbitrary<Pair> wellFormedPairs() {
    return pairs(SLOTS.list().ofMinSize(1).ofMaxSize(4));
  }

  @Provide
  Arbitrary<Keyed> loneSurrogateTuples() {
    return keyed(withAString(LONE_SURROGATE_SINGLE_SLOTS, false));
  }

  @Provide
  Arbitrary<Pair> loneSurrogatePairs() {
    return pairs(withAString(LONE_SURROGATE_SLOTS, true));
  }

  /** Up to two components, a string, up to one component: the string is not always first. */
  static Arbitrary<List<Slot>> withAString(Arbitrary<Slot> others, boolean pairs) {
    Arbitrary<Slot> string = slots(Kind.STRING, null, true, pairs);
    return Combinators.combine(others.list().ofMaxSize(2), string, others.list().ofMaxSize(1)).as((before, s, after) -> {
      List<Slot> all = new ArrayList<>(before);
      all.add(s);
      all.addAll(after);
      return all;
    });
  }

  static Arbitrary<Keyed> keyed(Arbitrary<List<Slot>> slots) {
    return slots.map(list -> new Keyed(schema(list), Collections.unmodifiableList(list.stream().map(Slot::a).collect(ArrayList::new, ArrayList::add, ArrayList::addAll))));
  }

  /**
   * Two tuples of one schema that agree on their first {@code shared} components, part there (b takes the near value,
   * which may still be equal) and go on with unrelated values; each is cut to a random length (usually the full one), so
   * that prefixes of different lengths are compared too.
   */
  static Arbitrary<Pair> pairs(Arbitrary<List<Slot>> slots) {
    return Combinators.combine(slots, Arbitraries.integers().between(0, 4), LENGTHS, LENGTHS).as((list, sharedDrawn, lengthA, lengthB) -> {
      int n = list.size();
      int shared = Math.min(sharedDrawn, n);
      List<Object> a = new ArrayList<>();
      List<Object> b = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        Slot slot = list.get(i);
        a.add(slot.a());
        b.add(i < shared ? slot.a() : i == shared ? slot.near() : slot.fresh());
      }
      return new Pair(schema(list), Collections.unmodifiableList(a.subList(0, Math.min(lengthA, n))),
          Collections.unmodifiableList(b.subList(0, Math.min(lengthB, n))));
    });
  }

  static List<Component> schema(List<Slot> slots) {
    List<Component> schema = new ArrayList<>();
    for (Slot slot : slots) {
      Component c = slot.component();
      schema.add(new Component("c" + schema.size(), c.kind(), c.descending(), c.nullable(), c.enumType()));
    }
    return List.copyOf(schema);
  }

  /** Every kind (the enum kind with two enum types), equally often. */
  static Arbitrary<Slot> slots(boolean lone, boolean pairs) {
    List<Arbitrary<Slot>> perKind = new ArrayList<>();
    for (Kind kind : Kind.values()) {
      if (kind == Kind.ENUM) {
        perKind.add(slots(kind, Mood.class, lone, pairs));
        perKind.add(slots(kind, Bit.class, lone, pairs));
      } else {
        perKind.add(slots(kind, null, lone, pairs));
      }
    }
    return Arbitraries.oneOf(perKind);
  }

  /** Nullable components are null one time in eight; the near value is one of {@link #neighbours} (3 in 4) or a fresh value. */
  static Arbitrary<Slot> slots(Kind kind, Class<? extends Enum<?>> enumType, boolean lone, boolean pairs) {
    Arbitrary<Object> values = values(kind, enumType, lone);
    Arbitrary<Boolean> flag = Arbitraries.of(false, true);
    Arbitrary<Integer> eighth = Arbitraries.integers().between(0, 7);
    if (!pairs) {
      return Combinators.combine(flag, flag, values, eighth).as((descending, nullable, a, nullA) -> {
        Object va = nullable && nullA == 0 ? null : a;
        return new Slot(new Component("c", kind, descending, nullable, enumType), va, va, va);
      });
    }
    return Combinators.combine(flag, flag, values, values, values, Arbitraries.integers().between(0, 15), eighth, eighth)
        .as((descending, nullable, a, fresh, extension, choice, nullA, nullFresh) -> {
          Component c = new Component("c", kind, descending, nullable, enumType);
          Object va = nullable && nullA == 0 ? null : a;
          Object vFresh = nullable && nullFresh == 0 ? null : fresh;
          Object near = vFresh;
          if (va != null && choice < 12) {
            List<Object> candidates = neighbours(c, va, extension, lone);
            near = candidates.get(choice % candidates.size());
          }
          return new Slot(c, va, near, vFresh);
        });
  }

  /** Every kind has a generator: a new Kind does not compile here until it has one. */
  static Arbitrary<Object> values(Kind kind, Class<? extends Enum<?>> enumType, boolean lone) {
    Arbitrary<?> values = switch (kind) {
      case STRING -> strings(lone);
      case ENUM -> Arbitraries.of(enumType.getEnumConstants());
      case BYTES -> byteArrays();
      case BOOLEAN -> Arbitraries.of(false, true);
      case BYTE -> Arbitraries.bytes();
      case SHORT -> Arbitraries.shorts();
      case INT -> Arbitraries.oneOf(Arbitraries.integers(), Arbitraries.integers().between(-3, 3));
      case LONG -> Arbitraries.oneOf(Arbitraries.longs(), Arbitraries.longs().between(-3, 3));
      case FLOAT -> floats();
      case DOUBLE -> doubles();
      case BIG_INTEGER -> bigIntegers();
      case INSTANT -> instants();
      case LOCAL_DATE -> Arbitraries.oneOf(Arbitraries.of(LocalDate.MIN, LocalDate.MAX, LocalDate.EPOCH, LocalDate.EPOCH.minusDays(1)),
          Arbitraries.longs().between(LocalDate.MIN.toEpochDay(), LocalDate.MAX.toEpochDay()).map(LocalDate::ofEpochDay));
      case LOCAL_TIME -> Arbitraries.oneOf(Arbitraries.of(LocalTime.MIN, LocalTime.MAX, LocalTime.NOON, LocalTime.ofNanoOfDay(1)),
          Arbitraries.longs().between(0, LocalTime.MAX.toNanoOfDay()).map(LocalTime::ofNanoOfDay));
      case UUID -> Arbitraries.oneOf(
          Arbitraries.of(new UUID(0, 0), new UUID(-1, -1), new UUID(Long.MIN_VALUE, Long.MIN_VALUE), new UUID(Long.MAX_VALUE, Long.MAX_VALUE),
              new UUID(Long.MIN_VALUE, Long.MAX_VALUE), new UUID(0, -1), new UUID(-1, 0),
              new UUID(0x1000L, 0), new UUID(0xFFFF_FFFF_FFFF_1FFFL, -1), new UUID(0x0000_0001_0000_1000L, 5), new UUID(0x0001_0000_0000_1000L, 5)),
          Combinators.combine(Arbitraries.longs(), Arbitraries.longs()).as(UUID::new),
          // time-based: version 1 in the high half
          Combinators.combine(Arbitraries.longs(), Arbitraries.longs()).as((hi, lo) -> new UUID((hi & ~0xF000L) | 0x1000L, lo)));
    };
    return values.map(v -> (Object) v);
  }


  /**
   * Strings of up to eight code points: U+0000, ASCII, the UTF-8 length boundaries, BMP above the surrogates, code
   * points beyond the BMP; with {@code lone}, unpaired (and sometimes accidentally paired) surrogates too.
   */
  static Arbitrary<String> strings(boolean lone) {
    List<Tuple2<Integer, Arbitrary<Integer>>> parts = new ArrayList<>(List.of(
        Tuple.of(4, Arbitraries.of(Arrays.stream(SPECIAL_CODE_POINTS).boxed().toList())),
        Tuple.of(4, Arbitraries.integers().between(0x20, 0x7E)),
        Tuple.of(2, Arbitraries.integers().between(0x80, 0xD7FF)),
        Tuple.of(1, Arbitraries.integers().between(0xE000, 0xFFFF)),
        Tuple.of(2, Arbitraries.integers().between(0x10000, 0x10FFFF))));
    if (lone) {
      parts.add(Tuple.of(3, Arbitraries.of(Arrays.stream(SURROGATES).boxed().toList())));
      parts.add(Tuple.of(3, Arbitraries.integers().between(0xD800, 0xDFFF)));
    }
    return Arbitraries.frequencyOf(parts).list().ofMaxSize(8).map(RowKeyCodecPropertiesTest::fromCodePoints);
  }

  static String fromCodePoints(List<Integer> codePoints) {
    StringBuilder s = new StringBuilder();
    codePoints.forEach(s::appendCodePoint);
    return s.toString();
  }

  static Arbitrary<byte[]> byteArrays() {
    Arbitrary<Byte> b = Arbitraries.oneOf(Arbitraries.of((byte) 0x00, (byte) 0x01, (byte) 0xFE, (byte) 0xFF, (byte) 0x7F, (byte) 0x80), Arbitraries.bytes());
    return b.list().ofMaxSize(8).map(RowKeyCodecPropertiesTest::toArray);
  }

  static byte[] toArray(List<Byte> list) {
    byte[] bytes = new byte[list.size()];
    for (int i = 0; i < bytes.length; i++) {
      bytes[i] = list.get(i);
    }
    return bytes;
  }

  static Arbitrary<Float> floats() {
    return Arbitraries.oneOf(
        Arbitraries.of(-0f, 0f, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY, Float.MIN_VALUE, -Float.MIN_VALUE, Float.MAX_VALUE,
            -Float.MAX_VALUE, Float.MIN_NORMAL, -Float.MIN_NORMAL, 1f, -1f,
            Float.intBitsToFloat(0x7FC00001), Float.intBitsToFloat(0xFFC00000), Float.intBitsToFloat(0x7F800001)), // NaNs with other bits
        Arbitraries.integers().map(Float::intBitsToFloat), // any bit pattern: subnormals, NaNs
        Arbitraries.floats().withStandardSpecialValues());
  }

  static Arbitrary<Double> doubles() {
    return Arbitraries.oneOf(
        Arbitraries.of(-0d, 0d, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, -Double.MIN_VALUE, Double.MAX_VALUE,
            -Double.MAX_VALUE, Double.MIN_NORMAL, -Double.MIN_NORMAL, 1d, -1d,
            Double.longBitsToDouble(0x7FF8000000000001L), Double.longBitsToDouble(0xFFF8000000000000L), Double.longBitsToDouble(0x7FF0000000000001L)),
        Arbitraries.longs().map(Double::longBitsToDouble),
        Arbitraries.doubles().withStandardSpecialValues());
  }

  static Arbitrary<BigInteger> bigIntegers() {
    BigInteger two64 = BigInteger.ONE.shiftLeft(64);
    return Arbitraries.oneOf(
        Arbitraries.of(BigInteger.ZERO, BigInteger.ONE, BigInteger.ONE.negate(), BigInteger.valueOf(127), BigInteger.valueOf(128), BigInteger.valueOf(255),
            BigInteger.valueOf(256), BigInteger.valueOf(-128), BigInteger.valueOf(-129), BigInteger.valueOf(-255), BigInteger.valueOf(-256),
            BigInteger.valueOf(Long.MIN_VALUE), BigInteger.valueOf(Long.MAX_VALUE), two64, two64.subtract(BigInteger.ONE), two64.negate(),
            two64.negate().add(BigInteger.ONE)),
        Arbitraries.longs().map(BigInteger::valueOf),
        Arbitraries.bytes().list().ofMaxSize(40).map(l -> l.isEmpty() ? BigInteger.ZERO : new BigInteger(toArray(l))));
  }

  static Arbitrary<Instant> instants() {
    return Arbitraries.oneOf(
        Arbitraries.of(Instant.MIN, Instant.MAX, Instant.EPOCH, Instant.EPOCH.minusNanos(1), Instant.EPOCH.plusNanos(1)),
        Combinators.combine(Arbitraries.longs().between(Instant.MIN.getEpochSecond(), Instant.MAX.getEpochSecond()),
            Arbitraries.integers().between(0, 999_999_999)).as(Instant::ofEpochSecond),
        Combinators.combine(Arbitraries.longs().between(-100, 100), Arbitraries.of(0, 1, 999_999_999)).as(Instant::ofEpochSecond));
  }

  /**
   * Values next to {@code v} in the kind's order, or sharing a prefix with it ({@code v + extension} for strings and
   * byte arrays), and {@code v} itself: where an order or prefix bug would hide.
   */
  static List<Object> neighbours(Component c, Object v, Object extension, boolean lone) {
    List<Object> near = new ArrayList<>();
    switch (c.kind()) {
      case STRING -> {
        String s = (String) v;
        int[] cps = s.codePoints().toArray();
        near.add(s + "\u0000");
        near.add(s + "\u0001");
        near.add(s + "\u0000\u0001"); // the terminator's bytes as content
        near.add(s + "\uFFFF");
        near.add(s + "\uD800\uDC00");
        if (cps.length > 0) {
          int last = cps[cps.length - 1];
          String init = new String(cps, 0, cps.length - 1);
          near.add(init);
          for (int d : new int[] {-1, 1}) {
            int cp = last + d;
            if (cp >= 0 && cp <= Character.MAX_CODE_POINT && (lone || cp < 0xD800 || cp > 0xDFFF)) {
              near.add(init + Character.toString(cp));
            }
          }
        }
        near.add(s + extension);
      }
      case BYTES -> {
        byte[] b = (byte[]) v;
        for (int x : new int[] {0x00, 0x01, 0xFF}) {
          byte[] longer = Arrays.copyOf(b, b.length + 1);
          longer[b.length] = (byte) x;
          near.add(longer);
        }
        byte[] terminator = Arrays.copyOf(b, b.length + 2); // the terminator's bytes as content
        terminator[b.length + 1] = 0x01;
        near.add(terminator);
        if (b.length > 0) {
          near.add(Arrays.copyOf(b, b.length - 1));
          byte[] up = b.clone();
          up[b.length - 1]++;
          near.add(up);
          byte[] down = b.clone();
          down[b.length - 1]--;
          near.add(down);
        }
        byte[] x = (byte[]) extension;
        byte[] extended = Arrays.copyOf(b, b.length + x.length);
        System.arraycopy(x, 0, extended, b.length, x.length);
        near.add(extended);
      }
      case BOOLEAN -> near.add(!(Boolean) v);
      case BYTE -> near.addAll(List.of((byte) ((Byte) v - 1), (byte) ((Byte) v + 1)));
      case SHORT -> near.addAll(List.of((short) ((Short) v - 1), (short) ((Short) v + 1)));
      case INT -> near.addAll(List.of((Integer) v - 1, (Integer) v + 1, -(Integer) v));
      case LONG -> near.addAll(List.of((Long) v - 1, (Long) v + 1, -(Long) v));
      case FLOAT -> near.addAll(List.of(Math.nextUp((Float) v), Math.nextDown((Float) v), -(Float) v));
      case DOUBLE -> near.addAll(List.of(Math.nextUp((Double) v), Math.nextDown((Double) v), -(Double) v));
      case BIG_INTEGER -> {
        BigInteger b = (BigInteger) v;
        near.addAll(List.of(b.add(BigInteger.ONE), b.subtract(BigInteger.ONE), b.negate(), b.shiftLeft(8), b.shiftRight(8)));
      }
      case INSTANT -> {
        Instant t = (Instant) v;
        tryAdd(near, () -> t.plusNanos(1));
        tryAdd(near, () -> t.minusNanos(1));
        tryAdd(near, () -> t.plusSeconds(1));
        tryAdd(near, () -> t.minusSeconds(1));
      }
      case LOCAL_DATE -> {
        LocalDate d = (LocalDate) v;
        tryAdd(near, () -> d.plusDays(1));
        tryAdd(near, () -> d.minusDays(1));
      }
      case LOCAL_TIME -> near.addAll(List.of(((LocalTime) v).plusNanos(1), ((LocalTime) v).minusNanos(1)));
      case UUID -> {
        UUID u = (UUID) v;
        long hi = u.getMostSignificantBits();
        long lo = u.getLeastSignificantBits();
        near.addAll(List.of(new UUID(hi, lo + 1), new UUID(hi, lo - 1), new UUID(hi + 1, lo), new UUID(hi - 1, lo)));
      }
      case ENUM -> near.addAll(List.of(c.enumType().getEnumConstants()));
    }
    near.add(v);
    return near;
  }

  static void tryAdd(List<Object> near, Supplier<Object> value) {
    try {
      near.add(value.get());
    } catch (DateTimeException | ArithmeticException outOfRange) {
      // at the end of the type's range: no neighbour on that side
    }
  }

  // ---- coverage: each kind, direction and edge value turns up, so a green run means it was checked -----------------

  static void collectStatistics(Keyed t) {
    for (int i = 0; i < t.schema().size(); i++) {
      Component c = t.schema().get(i);
      Statistics.label("kind").collect(c.kind());
      if (c.descending()) {
        Statistics.label("feature").collect("descending");
      }
      Object v = t.values().get(i);
      if (v == null) {
        Statistics.label("feature").collect("null");
      } else if (v instanceof String s) {
        if (s.isEmpty()) {
          Statistics.label("feature").collect("empty string");
        }
        if (s.indexOf('\u0000') >= 0) {
          Statistics.label("feature").collect("U+0000");
        }
        if (s.codePoints().anyMatch(cp -> cp > 0xFFFF)) {
          Statistics.label("feature").collect("beyond the BMP");
        }
      } else if (v instanceof Float f) {
        if (f.isNaN()) {
          Statistics.label("feature").collect("float NaN");
        } else if (f.isInfinite()) {
          Statistics.label("feature").collect("float infinity");
        } else if (Float.floatToRawIntBits(f) == Integer.MIN_VALUE) {
          Statistics.label("feature").collect("float -0.0");
        }
      } else if (v instanceof Double d) {
        if (d.isNaN()) {
          Statistics.label("feature").collect("double NaN");
        } else if (d.isInfinite()) {
          Statistics.label("feature").collect("double infinity");
        } else if (Double.doubleToRawLongBits(d) == Long.MIN_VALUE) {
          Statistics.label("feature").collect("double -0.0");
        }
      } else if (v instanceof BigInteger b && b.bitLength() > 64) {
        Statistics.label("feature").collect("BigInteger beyond long");
      } else if (v instanceof byte[] b && new String(b, java.nio.charset.StandardCharsets.ISO_8859_1).indexOf('\u0000') >= 0) {
        Statistics.label("feature").collect("byte 00 in bytes");
      }
    }
    Statistics.label("kind").coverage(coverage -> {
      for (Kind kind : Kind.values()) {
        coverage.check(kind).count((Integer n) -> n >= 1_000); // about 2,000 to 4,000 each
      }
    });
    Statistics.label("feature").coverage(coverage -> {
      for (String f : List.of("descending", "null", "empty string", "U+0000", "beyond the BMP", "float NaN", "float infinity", "float -0.0", "double NaN",
          "double infinity", "double -0.0", "BigInteger beyond long", "byte 00 in bytes")) {
        coverage.check(f).count((Integer n) -> n >= 10); // the rarest (-0.0) turns up about 60 times in 25,000 tries
      }
    });
  }

  // ---- cases and their display --------------------------------------------------------------------------------------

  record Keyed(List<Component> schema, List<Object> values) {
    RowKeyCodec codec() {
      return new RowKeyCodec("T", schema);
    }

    @Override
    public String toString() {
      return showSchema(schema) + " " + show(values);
    }
  }

  record Pair(List<Component> schema, List<Object> a, List<Object> b) {
    RowKeyCodec codec() {
      return new RowKeyCodec("T", schema);
    }

    @Override
    public String toString() {
      return showSchema(schema) + "\n a = " + show(a) + "\n b = " + show(b);
    }
  }

  static String showSchema(List<Component> schema) {
    List<String> parts = new ArrayList<>();
    for (Component c : schema) {
      parts.add(c.kind() + (c.kind() == Kind.ENUM ? "(" + c.enumType().getSimpleName() + ")" : "") + (c.descending() ? " DESC" : "")
          + (c.nullable() ? " nullable" : ""));
    }
    return "schema " + parts;
  }

  static String show(List<Object> tuple) {
    List<String> parts = new ArrayList<>();
    for (Object o : tuple) {
      parts.add(show(o));
    }
    return "(" + String.join(", ", parts) + ")";
  }

  /** Strings quoted with every char outside printable ASCII as a UTF-16 escape (so a lone surrogate shows). */
  static String show(Object o) {
    if (o instanceof byte[] b) {
      return "0x[" + hex(b) + "]";
    }
    if (o instanceof String s) {
      StringBuilder out = new StringBuilder("\"");
      for (char ch : s.toCharArray()) {
        out.append(ch >= 0x20 && ch < 0x7F && ch != '"' && ch != '\\' ? String.valueOf(ch) : String.format("\\u%04X", (int) ch));
      }
      return out.append('"').toString();
    }
    if (o instanceof Float f && f.isNaN()) {
      return "NaN(0x" + Integer.toHexString(Float.floatToRawIntBits(f)) + ")f";
    }
    if (o instanceof Float f) {
      return f + "f";
    }
    if (o instanceof Double d && d.isNaN()) {
      return "NaN(0x" + Long.toHexString(Double.doubleToRawLongBits(d)) + ")d";
    }
    if (o instanceof Double d) {
      return d + "d";
    }
    if (o instanceof Enum<?> e) {
      return e.getDeclaringClass().getSimpleName() + "." + e.name();
    }
    return o == null ? "null" : o + " (" + o.getClass().getSimpleName() + ")";
  }

  static boolean hasLoneSurrogate(String s) {
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      if (Character.isHighSurrogate(ch) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
        i++;
      } else if (Character.isSurrogate(ch)) {
        return true;
      }
    }
    return false;
  }

  static String hex(byte[] bytes) {
    return HexFormat.ofDelimiter(" ").formatHex(bytes);
  }

  @Example
  void theReferenceHelpersThemselves() {
    assertTrue(hasLoneSurrogate("a\uD800"));
    assertTrue(hasLoneSurrogate("\uDC00\uD800"));
    assertFalse(hasLoneSurrogate("\uD83D\uDE00"));
    assertTrue(compareCodePoints("\uFF21", "\uD835\uDD38") < 0, "code point order, not UTF-16 order");
    assertTrue("\uFF21".compareTo("\uD835\uDD38") > 0);
    assertEquals(-1, compare(Kind.FLOAT, -0f, 0f));
    assertEquals(0, compare(Kind.DOUBLE, Double.NaN, Double.longBitsToDouble(0x7FF8000000000001L)));
    assertTrue(sameValue(Kind.BYTES, new byte[] {1}, new byte[] {1}));
    assertFalse(sameValue(Kind.DOUBLE, -0d, 0d));
    assertArrayEquals(new byte[] {1, 2}, toArray(List.of((byte) 1, (byte) 2)));
    // enum order is name order, not declaration order
    assertTrue(Mood.ZEBRA.ordinal() < Mood.APPLE_PIE.ordinal());
    assertTrue(compare(Kind.ENUM, Mood.ZEBRA, Mood.APPLE_PIE) > 0);
  }
}
