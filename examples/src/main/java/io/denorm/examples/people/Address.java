package io.denorm.examples.people;

/** One postal address of a person, stored inside the person's row. */
public record Address(String line1, String line2, String city, String state, int zip) {}
