package io.denorm.examples;

import io.denorm.examples.accounts.Account;
import io.denorm.examples.accounts.AccountDao;
import io.denorm.index.IndexReadStats;
import io.denorm.index.IndexedDao;
import io.denorm.testkit.history.Faults;
import io.denorm.testkit.history.HistoryChecker;
import io.denorm.testkit.history.HistoryChecker.Action;
import io.denorm.testkit.history.HistoryChecker.Operation;
import io.denorm.testkit.history.HistoryChecker.Violation;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Random;
import java.util.Set;

/**
 * The history checker's model of accounts: saves that move unique emails, unique (domain, handle)
 * pairs and indexed plans among a few accounts, swaps of emails between two accounts, deletes, and
 * reads through every index, from several clients at once. The invariants: no two accounts hold one
 * unique value and each holder is found by it (unique); each domain's accounts are found by it
 * and each plan's accounts by theirs (complete); the final state of each account is one the history allows (durable); every read
 * returned only states some save wrote, and every account that held the value throughout the read
 * (complete reads); and after the grace, every value no account holds can be claimed (no blocking
 * leftovers).
 */
final class AccountHistory implements HistoryChecker.Workload<AccountHistory.Client> {

  static final int ACCOUNTS = 12;
  static final int EMAILS = 8;
  static final List<String> DOMAINS = List.of("a.org", "b.org", "c.org");
  static final int HANDLES = 5;

  /** An account's state as compared in the history (the entity class has no equals). */
  record State(String id, String email, String domain, String handle, String plan, String bio) implements java.io.Serializable {
    static State of(Account a) {
      return new State(a.id(), a.email(), a.domain(), a.handle(), a.plan(), a.bio());
    }

    Account account() {
      return new Account(id, email, domain, handle, plan, bio);
    }
  }

  static final List<String> PLANS = List.of("free", "pro", "team");

  static final class Client implements HistoryChecker.Client {
    final AccountDao dao;
    final Faults faults;
    final Deque<Action> pending = new ArrayDeque<>();

    Client(AccountDao dao, Faults faults) {
      this.dao = dao;
      this.faults = faults;
      ((IndexedDao<?>) dao).setWriteObserver(faults);
    }

    @Override
    public Faults faults() {
      return faults;
    }
  }

  /** Whether the clients' clocks agree: only then does an acknowledged write overwrite every write that ended before it began. */
  private final boolean ordered;
  private int swaps;

  AccountHistory(boolean ordered) {
    this.ordered = ordered;
  }

  static String id(int i) {
    return "acc" + i;
  }

  @Override
  public Action next(Client c, Random r) {
    if (!c.pending.isEmpty()) {
      return c.pending.poll();
    }
    double p = r.nextDouble();
    String id = id(r.nextInt(ACCOUNTS));
    String domain = DOMAINS.get(r.nextInt(DOMAINS.size()));
    if (p < 0.45) {
      State s = new State(id, "e" + r.nextInt(EMAILS) + "@x.org", domain, "h" + r.nextInt(HANDLES), PLANS.get(r.nextInt(PLANS.size())),
          "bio" + r.nextInt(1000));
      return save(c, s);
    }
    if (p < 0.52) {
      // A swap of emails between two accounts, as an application does it: through a temporary value.
      Optional<Account> a;
      Optional<Account> b;
      String other = id(r.nextInt(ACCOUNTS));
      try {
        a = c.dao.findById(id);
        b = c.dao.findById(other);
      } catch (RuntimeException unavailable) { // a node down, say: this swap is not made
        a = Optional.empty();
        b = Optional.empty();
      }
      if (a.isPresent() && b.isPresent() && !a.get().id().equals(b.get().id())) {
        State sa = State.of(a.get());
        State sb = State.of(b.get());
        String temp = "swap" + r.nextInt(1_000_000) + "@x.org";
        c.pending.add(save(c, new State(sb.id(), sa.email(), sb.domain(), sb.handle(), sb.plan(), sb.bio())));
        c.pending.add(save(c, new State(sa.id(), sb.email(), sa.domain(), sa.handle(), sa.plan(), sa.bio())));
        return save(c, new State(sa.id(), temp, sa.domain(), sa.handle(), sa.plan(), sa.bio()));
      }
      return save(c, new State(id, "e" + r.nextInt(EMAILS) + "@x.org", domain, "h" + r.nextInt(HANDLES), "free", "swapless"));
    }
    if (p < 0.66) {
      return new Action("delete", id, null, () -> c.dao.deleteById(id));
    }
    if (p < 0.80) {
      String email = "e" + r.nextInt(EMAILS) + "@x.org";
      return new Action("read:email", email, null, () -> c.dao.findByEmail(email).map(State::of).orElse(null));
    }
    if (p < 0.86) {
      return new Action("read:domain", domain, null, () -> c.dao.findByDomain(domain).stream().map(State::of).toList());
    }
    if (p < 0.93) {
      String plan = PLANS.get(r.nextInt(PLANS.size()));
      return new Action("read:plan", plan, null, () -> c.dao.findByPlan(plan).stream().map(State::of).toList());
    }
    String handle = "h" + r.nextInt(HANDLES);
    return new Action("read:handle", List.of(domain, handle), null,
        () -> c.dao.findByDomainAndHandle(domain, handle).map(State::of).orElse(null));
  }

  private static Action save(Client c, State s) {
    return new Action("save", s.id(), s, () -> {
      c.dao.save(s.account());
      return null;
    });
  }

  @Override
  public void awaitQuiet(List<Client> clients) throws InterruptedException {
    long deadline = System.nanoTime() + 60_000_000_000L;
    for (Client c : clients) {
      IndexReadStats stats = ((IndexedDao<?>) c.dao).indexReadStats();
      while (!stats.settled() && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
    }
  }

  @Override
  public List<Violation> check(List<Operation> history, List<Client> clients) {
    AccountDao dao = clients.get(0).dao;
    clients.forEach(c -> c.faults.disarm());
    List<Violation> out = new ArrayList<>();
    Map<String, State> masters = new HashMap<>();
    for (int i = 0; i < ACCOUNTS; i++) {
      String id = id(i);
      State now = dao.findById(id).map(State::of).orElse(null);
      if (now != null) {
        masters.put(id, now);
      }
      // Counted with clocks apart too, where stamps, not the order of the calls, decide which write stands.
      List<Object> allowed = HistoryChecker.possibleStates(history, id, Long.MAX_VALUE, null);
      if (!allowed.contains(now)) {
        out.add(new Violation("durable", id + " holds " + now + ", which no write the history leaves standing wrote; allowed: " + allowed));
      }
      if (now != null && !HistoryChecker.attemptedStates(history, id, null).contains(now)) {
        out.add(new Violation("durable", id + " holds " + now + ", which no save wrote"));
      }
    }
    Map<String, String> byEmail = new HashMap<>();
    Map<List<String>, String> byHandle = new HashMap<>();
    for (State s : masters.values()) {
      String other = byEmail.put(s.email(), s.id());
      if (other != null) {
        out.add(new Violation("unique", s.email() + " held by both " + other + " and " + s.id()));
      }
      other = byHandle.put(List.of(s.domain(), s.handle()), s.id());
      if (other != null) {
        out.add(new Violation("unique", s.domain() + "/" + s.handle() + " held by both " + other + " and " + s.id()));
      }
      String found = dao.findByEmail(s.email()).map(Account::id).orElse(null);
      if (!s.id().equals(found)) {
        out.add(new Violation("unique", s.id() + " holds " + s.email() + " but findByEmail finds " + found));
      }
      found = dao.findByDomainAndHandle(s.domain(), s.handle()).map(Account::id).orElse(null);
      if (!s.id().equals(found)) {
        out.add(new Violation("unique", s.id() + " holds " + s.domain() + "/" + s.handle() + " but findByDomainAndHandle finds " + found));
      }
    }
    for (String domain : DOMAINS) {
      Set<String> expected = new HashSet<>();
      masters.values().stream().filter(s -> s.domain().equals(domain)).forEach(s -> expected.add(s.id()));
      Set<String> found = new HashSet<>();
      dao.findByDomain(domain).forEach(a -> found.add(a.id()));
      if (!expected.equals(found)) {
        out.add(new Violation("complete", "findByDomain(" + domain + ") finds " + found + ", the masters say " + expected));
      }
    }
    for (String plan : PLANS) {
      Set<String> expected = new HashSet<>();
      masters.values().stream().filter(s -> s.plan().equals(plan)).forEach(s -> expected.add(s.id()));
      Set<String> found = new HashSet<>();
      dao.findByPlan(plan).forEach(a -> found.add(a.id()));
      if (!expected.equals(found)) {
        out.add(new Violation("complete", "findByPlan(" + plan + ") finds " + found + ", the masters say " + expected));
      }
    }
    for (Operation read : history) {
      if (read.isRead() && read.outcome() == HistoryChecker.Outcome.OK) {
        checkRead(read, history, out);
      }
    }
    checkNothingBlocks(dao, masters, out);
    return out;
  }

  /** A read returned only states some save wrote that match it, and every account that held the value all through the read. */
  private void checkRead(Operation read, List<Operation> history, List<Violation> out) {
    List<State> returned = new ArrayList<>();
    if (read.result() instanceof State s) {
      returned.add(s);
    } else if (read.result() instanceof List<?> list) {
      list.forEach(s -> returned.add((State) s));
    }
    for (State s : returned) {
      if (!matches(read, s)) {
        out.add(new Violation("read", read.kind() + " " + read.key() + " returned " + s + ", which does not match it"));
      } else if (!HistoryChecker.attemptedStates(history, s.id(), null).contains(s)) {
        out.add(new Violation("read", read.kind() + " " + read.key() + " returned " + s + ", which no save wrote"));
      }
    }
    if (!ordered) {
      return; // with clocks apart, which of two writes stands is not known from the history: only the checks above hold
    }
    for (int i = 0; i < ACCOUNTS; i++) {
      String id = id(i);
      if (returned.stream().anyMatch(s -> s.id().equals(id)) || overlapped(history, id, read)) {
        continue;
      }
      List<Object> states = HistoryChecker.possibleStates(history, id, read.start(), null);
      if (!states.isEmpty() && states.stream().allMatch(s -> s instanceof State st && matches(read, st))) {
        out.add(new Violation("read", read.kind() + " " + read.key() + " missed " + id + ", which held it all through the read: " + states));
      }
    }
  }

  private static boolean matches(Operation read, State s) {
    return switch (read.kind()) {
      case "read:email" -> s.email().equals(read.key());
      case "read:domain" -> s.domain().equals(read.key());
      case "read:plan" -> s.plan().equals(read.key());
      default -> List.of(s.domain(), s.handle()).equals(read.key());
    };
  }

  /**
   * Whether a write of {@code id} may have run during {@code read}: one that ended in the microsecond
   * the read began (the client's previous call, often) counts, as the history cannot order them.
   */
  private static boolean overlapped(List<Operation> history, String id, Operation read) {
    for (Operation o : history) {
      if (!o.isRead() && id.equals(o.key()) && o.overlaps(read)) {
        return true;
      }
    }
    return false;
  }

  /**
   * Leftovers block no one: every email and handle no account holds can be claimed by a new account
   * now (the DAOs' repair grace has passed: a claim of a failed or abandoned save is taken over).
   */
  private void checkNothingBlocks(AccountDao dao, Map<String, State> masters, List<Violation> out) {
    Set<String> heldEmails = new HashSet<>();
    Set<String> heldHandles = new HashSet<>();
    masters.values().forEach(s -> {
      heldEmails.add(s.email());
      heldHandles.add(s.domain() + "/" + s.handle());
    });
    int probe = 0;
    for (int e = 0; e < EMAILS; e++) {
      String email = "e" + e + "@x.org";
      if (heldEmails.contains(email)) {
        continue;
      }
      String id = "probe" + probe++;
      try {
        dao.save(new Account(id, email, "probe.org", id, null));
        dao.deleteById(id);
      } catch (RuntimeException blocked) {
        out.add(new Violation("unique", "free email " + email + " cannot be claimed: " + blocked.getMessage()));
      }
    }
    for (String domain : DOMAINS) {
      for (int h = 0; h < HANDLES; h++) {
        if (heldHandles.contains(domain + "/h" + h)) {
          continue;
        }
        String id = "probe" + probe++;
        try {
          dao.save(new Account(id, id + "@probe.org", domain, "h" + h, null));
          dao.deleteById(id);
        } catch (RuntimeException blocked) {
          out.add(new Violation("unique", "free handle " + domain + "/h" + h + " cannot be claimed: " + blocked.getMessage()));
        }
      }
    }
  }

  static boolean same(Object a, Object b) {
    return Objects.equals(a, b);
  }
}
