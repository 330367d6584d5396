package io.denorm.benchmarks;

import com.datastax.oss.driver.api.mapper.annotations.CqlName;
import com.datastax.oss.driver.api.mapper.annotations.Entity;
import com.datastax.oss.driver.api.mapper.annotations.PartitionKey;
import java.util.UUID;

/** {@link BenchPlainUser} for the Cassandra driver's object mapper (its annotation processor generates the DAO). */
@Entity
@CqlName("mapper_plain_users")
public class MapperUser {
  @PartitionKey private UUID id;
  private String name;
  private String email;
  private String state;
  private String city;

  public MapperUser() {}

  MapperUser(UUID id, String name, String email, String state, String city) {
    this.id = id;
    this.name = name;
    this.email = email;
    this.state = state;
    this.city = city;
  }

  public UUID getId() {
    return id;
  }

  public void setId(UUID id) {
    this.id = id;
  }

  public String getName() {
    return name;
  }

  public void setName(String name) {
    this.name = name;
  }

  public String getEmail() {
    return email;
  }

  public void setEmail(String email) {
    this.email = email;
  }

  public String getState() {
    return state;
  }

  public void setState(String state) {
    this.state = state;
  }

  public String getCity() {
    return city;
  }

  public void setCity(String city) {
    this.city = city;
  }
}
