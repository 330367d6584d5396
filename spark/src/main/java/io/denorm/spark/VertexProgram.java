package io.denorm.spark;

import java.io.Serializable;

/**
 * A vertex program for {@link EntityGraph#pregel}: Pregel's message passing over the graph, in
 * supersteps. Superstep 0 gives every vertex {@link #initialMessage()}; then, while messages flow,
 * each edge whose active end received a message in the last superstep may {@link #send} messages to
 * either end, the messages to one vertex are {@linkplain #merge merged}, and the vertex {@linkplain
 * #receive receives} the merged message. The run ends when no message is sent, or after the
 * iteration limit.
 *
 * @param <K> the vertex key (the entity's id)
 * @param <S> the vertex state, the result per vertex
 * @param <M> the message
 */
public interface VertexProgram<K, S, M> extends Serializable {

  /** The state of a vertex before superstep 0. */
  S initial(K key);

  /** The message every vertex receives in superstep 0. */
  M initialMessage();

  /** The state of vertex {@code key} after it receives {@code message}. */
  S receive(K key, S state, M message);

  /** The messages along one edge ({@code source} → {@code destination}), given both ends' states. */
  void send(K source, S sourceState, K destination, S destinationState, Outbox<M> out);

  /** Two messages to one vertex as one. */
  M merge(M a, M b);

  /** Where {@link #send} puts its messages. */
  interface Outbox<M> {
    void toSource(M message);

    void toDestination(M message);
  }
}
