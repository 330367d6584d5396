package io.denorm.examples.people;

import io.denorm.annotations.Entity;
import io.denorm.annotations.Index;
import io.denorm.annotations.PartitionKey;
import io.denorm.annotations.Version;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The document guide's person: an aggregate holding its addresses and its contact details, read and
 * written as one row, and an atomic aggregate: {@code version} makes every save a compare-and-set.
 * Contact details have no fixed shape ({"email": …} beside {"phone": …, "extension": 5555}): each is
 * a map of attribute values, stored as JSON.
 */
@Entity(table = "people")
@Index(name = "people_by_last_name", key = "lastName")
public class Person {
  @PartitionKey String id;
  String firstName;
  String lastName;
  @SuppressWarnings("denorm:EmbeddedCollection") // a person has a few addresses, which rarely change
  List<Address> addresses = new ArrayList<>();
  List<Map<String, Object>> contactDetails = new ArrayList<>();
  @Version long version;

  public Person() {}

  public Person(String id, String firstName, String lastName, List<Address> addresses) {
    this.id = id;
    this.firstName = firstName;
    this.lastName = lastName;
    this.addresses = new ArrayList<>(addresses);
  }

  public String id() {
    return id;
  }

  public String firstName() {
    return firstName;
  }

  public String lastName() {
    return lastName;
  }

  public void lastName(String lastName) {
    this.lastName = lastName;
  }

  public List<Address> addresses() {
    return addresses == null ? List.of() : addresses;
  }

  public List<Map<String, Object>> contactDetails() {
    return contactDetails == null ? List.of() : contactDetails;
  }

  public Person contactDetails(List<Map<String, Object>> details) {
    this.contactDetails = new ArrayList<>(details);
    return this;
  }

  public void addresses(List<Address> addresses) {
    this.addresses = new ArrayList<>(addresses);
  }

  /** 0 until saved; each successful save sets the version it wrote. */
  public long version() {
    return version;
  }

  /** A copy with the same state and version, as a second client would have loaded it. */
  public Person copy() {
    Person p = new Person(id, firstName, lastName, addresses());
    p.contactDetails = new ArrayList<>(contactDetails());
    p.version = version;
    return p;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Person p && Objects.equals(id, p.id) && Objects.equals(firstName, p.firstName)
        && Objects.equals(lastName, p.lastName) && addresses().equals(p.addresses()) && contactDetails().equals(p.contactDetails()) && version == p.version;
  }

  @Override
  public int hashCode() {
    return Objects.hash(id, version);
  }

  @Override
  public String toString() {
    return firstName + " " + lastName + " (" + id + ", v" + version + ") " + addresses() + " " + contactDetails();
  }
}
