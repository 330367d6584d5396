package io.denorm;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class KeyChecksTest {

  @Test
  void nullKeyNamesEntityAndField() {
    InvalidEntityException e = assertThrows(InvalidEntityException.class,
        () -> KeyChecks.keyComponent("Reading", "sensorId", null));
    assertEquals("Reading", e.entity());
    assertEquals("sensorId", e.field());
    assertTrue(e.getMessage().startsWith("Reading.sensorId: key component is null"), e.getMessage());
  }

  @Test
  void oversizedStringIsRejectedByEncodedLength() {
    String ascii = "a".repeat(KeyChecks.MAX_KEY_COMPONENT_BYTES);
    assertSame(ascii, KeyChecks.keyComponent("E", "f", ascii));
    // 30,000 three-byte characters are 90,000 bytes of UTF-8 although the string is short.
    String wide = "\u20ac".repeat(30_000);
    InvalidEntityException e = assertThrows(InvalidEntityException.class, () -> KeyChecks.keyComponent("E", "f", wide));
    assertTrue(e.getMessage().contains("90000 bytes"), e.getMessage());
  }

  @Test
  void oversizedBytesAreRejected() {
    assertThrows(InvalidEntityException.class,
        () -> KeyChecks.keyComponent("E", "blob", new byte[KeyChecks.MAX_KEY_COMPONENT_BYTES + 1]));
  }
}
