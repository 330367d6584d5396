package io.denorm.processor.generation;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class LineFitterTest {

  private final LineFitter fitter = new LineFitter(40);

  @Test
  void aShortLineIsLeftAlone() {
    assertEquals("  int a = call(b, c);", fitter.fit("  int a = call(b, c);"));
  }

  @Test
  void codeBreaksAfterTheLastCommaThatFitsAndIndentsFourMore() {
    assertEquals("  result = call(first, second, third,\n      fourth);", fitter.fit("  result = call(first, second, third, fourth);"));
  }

  @Test
  void aCommentWrapsBetweenWordsKeepingItsMarker() {
    assertEquals("  // one two three four five six seven\n  // eight", fitter.fit("  // one two three four five six seven eight"));
    assertEquals("   * one two three four five six seven\n   * eight", fitter.fit("   * one two three four five six seven eight"));
  }

  @Test
  void aLongLiteralIsCutIntoTwoJoinedByPlus() {
    assertEquals("  x = prepare(\"SELECT a, b, c FROM \"\n      + \"table WHERE k = ?\");",
        fitter.fit("  x = prepare(\"SELECT a, b, c FROM table WHERE k = ?\");"));
  }

  @Test
  void aLiteralThatIsTheReceiverOfACallIsNotCut() {
    String line = "  int n = \"SELECT a, b, c FROM table WHERE k\".length();";
    assertEquals(line, fitter.fit(line));
  }

  @Test
  void commasInsideLiteralsAndTrailingCommentsAreNotBreakPoints() {
    String line = "  f(\"a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q\".x()); // a, b, c";
    assertEquals(line, fitter.fit(line));
  }

  @Test
  void aJavadocLineNeverStartsWithAnAt() {
    assertEquals("   * recorded to the last change\n   * to @NestedSet {@code leaves}.", fitter.fit("   * recorded to the last change to @NestedSet {@code leaves}."));
  }

  @Test
  void aLiteralComparedWithEqualsIsNotCut() {
    String line = "  if (kind == \"SELECT a, b, c FROM table\") {";
    assertEquals(line, fitter.fit(line));
  }
}
