package io.denorm.processor;

import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.BlockTree;
import com.sun.source.tree.CaseTree;
import com.sun.source.tree.CatchTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.CompoundAssignmentTree;
import com.sun.source.tree.ConditionalExpressionTree;
import com.sun.source.tree.EnhancedForLoopTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.ForLoopTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.LambdaExpressionTree;
import com.sun.source.tree.LiteralTree;
import com.sun.source.tree.MemberReferenceTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.ReturnTree;
import com.sun.source.tree.StatementTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TryTree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * Finds CQL text built from values instead of from identifiers and bind markers. Java sources are parsed by javac (no
 * attribution needed), so names are resolved by scope, not by spelling. The rule has two parts:
 *
 * <ol>
 *   <li><b>Operands.</b> A string concatenation (or {@code String.format}, or a {@code StringBuilder}'s appends) that
 *       contains CQL text — a string literal with a CQL keyword, directly or through a variable or method — may only
 *       combine string literals and <em>identifier-producing</em> expressions: {@code x.asCql(…)} (a {@code
 *       CqlIdentifier} always renders as an identifier, quoted if needed); {@code String.join(sep,
 *       Collections.nCopies(n, "?"))}; {@code stream.map(F).collect(Collectors.joining(…))} where {@code F} is
 *       identifier-producing; a call of a method of the scanned sources all of whose {@code return}s are
 *       identifier-producing (so {@code quote(c)} passes because its body is {@code
 *       CqlIdentifier.fromInternal(c).asCql(true)}, not because of its name); a local variable or field all of whose
 *       assignments (and {@code append}s) are identifier-producing; a conditional whose branches are. Method and lambda
 *       parameters, fields set from them, method calls on values ({@code user.name()}), numbers, booleans and anything
 *       else are values.
 *   <li><b>Text.</b> The statement is rendered (literals as written, identifier-producing operands as {@code "x"}, bind
 *       marker lists as {@code ?}, values as {@code ⟨value⟩}) and must contain no single-quoted literal, no numeric
 *       literal except the constant of {@code LIMIT n}, no {@code true/false/null} except {@code false} (and, in {@code SET}, {@code true}) for the index
 *       marker column (below), every comparison in {@code WHERE} and {@code IF} must be against a bind marker, every
 *       {@code SET} assignment must be {@code c = ?}, {@code c = c ± ?} or the marker's {@code false} or {@code true}, and every {@code
 *       VALUES} entry a bind marker or the marker's {@code false}.
 * </ol>
 *
 * Not CQL, and not checked: exception messages ({@code new …Exception(…)}, {@code new …Error(…)}) and regular
 * expressions ({@code Pattern.compile(…)}). The clause analysis expects Denorm's upper-case keywords; the literal checks
 * do not depend on case.
 */
final class CqlLiteralGuard {

  /**
   * The index tables' marker column ({@code CassandraIndexTable.MARKER}): index rows are written with {@code verified =
   * false} (in {@code VALUES} and {@code SET}) until a read verifies them ({@code SET verified = true}). Those two
   * constants of the index protocol, not values of the application, are the only literals allowed.
   */
  static final String MARKER_COLUMN = "verified";

  record Finding(String file, long line, String code, List<String> problems) {
    @Override
    public String toString() {
      return file + ":" + line + ": " + String.join("; ", problems) + "\n      " + code;
    }
  }

  /** Shown in place of an operand that is a value. */
  static final String VALUE = "⟨value⟩";
  /** Shown in place of an operand that is an identifier. */
  static final String IDENTIFIER = "\"x\"";

  private static final Pattern STATEMENT_START = Pattern.compile("(?i)^\\s*(SELECT|INSERT|UPDATE|DELETE|BEGIN|APPLY|CREATE|ALTER|DROP|TRUNCATE)\\b");
  private static final Pattern CLAUSE_WORD = Pattern.compile(
      "(?<![\\w\"])(SELECT|INSERT|UPDATE|DELETE|WHERE|SET|VALUES|FROM|INTO|LIMIT|IF|AND|IN|CONTAINS|TOKEN|WRITETIME|USING|TTL|ORDER BY|ALLOW FILTERING)(?![\\w\"])");

  private static final Set<String> TEXT_METHODS = Set.of("toString", "strip", "trim", "replace", "concat", "formatted", "append", "insert", "repeat");

  private final List<CompilationUnitTree> units = new ArrayList<>();
  private final Map<String, List<TreePath>> classes = new HashMap<>();
  private final SourcePositions positions;
  private final List<Finding> findings = new ArrayList<>();
  private int statementsChecked;
  private int messagesSkipped;

  private CqlLiteralGuard(List<JavaFileObject> sources) throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, null, StandardCharsets.UTF_8);
    JavacTask task = (JavacTask) javac.getTask(null, files, diagnostics, List.of("-proc:none"), null, sources);
    task.parse().forEach(units::add);
    positions = Trees.instance(task).getSourcePositions();
    for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
      if (d.getKind() == Diagnostic.Kind.ERROR) {
        findings.add(new Finding(d.getSource() == null ? "?" : d.getSource().getName(), d.getLineNumber(), "", List.of("does not parse: " + d.getMessage(null))));
      }
    }
    for (CompilationUnitTree unit : units) {
      new TreePathScanner<Void, Void>() {
        @Override
        public Void visitClass(ClassTree node, Void unused) {
          classes.computeIfAbsent(node.getSimpleName().toString(), k -> new ArrayList<>()).add(getCurrentPath());
          return super.visitClass(node, unused);
        }
      }.scan(unit, null);
    }
  }

  static CqlLiteralGuard ofFiles(List<Path> files) throws IOException {
    List<JavaFileObject> sources = new ArrayList<>();
    for (Path f : files) {
      sources.add(source(f.toString(), Files.readString(f)));
    }
    return new CqlLiteralGuard(sources);
  }

  /** For snippets: file name to source text. */
  static CqlLiteralGuard ofSources(Map<String, String> sources) throws IOException {
    List<JavaFileObject> objects = new ArrayList<>();
    sources.forEach((name, text) -> objects.add(source(name, text)));
    return new CqlLiteralGuard(objects);
  }

  private static JavaFileObject source(String name, String text) {
    return new SimpleJavaFileObject(URI.create("string:///" + name.replace('\\', '/').replaceAll("^/+", "").replace(" ", "%20")), JavaFileObject.Kind.SOURCE) {
      @Override
      public CharSequence getCharContent(boolean ignoreEncodingErrors) {
        return text;
      }

      @Override
      public String getName() {
        return name;
      }
    };
  }

  int statementsChecked() {
    return statementsChecked;
  }

  int messagesSkipped() {
    return messagesSkipped;
  }

  // ---- the scan -----------------------------------------------------------------------------------------------------

  List<Finding> check() {
    for (CompilationUnitTree unit : units) {
      new TreePathScanner<Void, Void>() {
        @Override
        public Void visitBinary(BinaryTree node, Void unused) {
          if (node.getKind() == Tree.Kind.PLUS && !insideConcatenation(getCurrentPath())) {
            checkStatement(getCurrentPath(), flatten(getCurrentPath()), false);
          }
          return super.visitBinary(node, unused);
        }

        @Override
        public Void visitLiteral(LiteralTree node, Void unused) {
          if (node.getValue() instanceof String s && isCql(s) && !insideConcatenation(getCurrentPath())) {
            checkStatement(getCurrentPath(), List.of(getCurrentPath()), false);
          }
          return super.visitLiteral(node, unused);
        }

        @Override
        public Void visitMethodInvocation(MethodInvocationTree node, Void unused) {
          TreePath path = getCurrentPath();
          String name = methodName(node);
          ExpressionTree receiver = receiver(node);
          if (name.equals("format") && receiver instanceof IdentifierTree r && r.getName().contentEquals("String") && !node.getArguments().isEmpty()) {
            List<TreePath> operands = new ArrayList<>();
            node.getArguments().forEach(a -> operands.add(new TreePath(path, a)));
            checkStatement(path, operands, false);
          } else if (name.equals("formatted") && receiver != null) {
            List<TreePath> operands = new ArrayList<>(List.of(new TreePath(path, receiver)));
            node.getArguments().forEach(a -> operands.add(new TreePath(path, a)));
            checkStatement(path, operands, false);
          } else if ((name.equals("append") || name.equals("insert")) && receiver != null && !node.getArguments().isEmpty()) {
            // a StringBuilder holding CQL: what is appended must be identifier-producing too
            TreePath builder = builderRoot(new TreePath(path, receiver));
            if (builder != null && containsCql(builder, new HashSet<>())) {
              ExpressionTree appended = node.getArguments().get(node.getArguments().size() - 1);
              checkStatement(path, List.of(new TreePath(path, appended)), true);
            }
          }
          return super.visitMethodInvocation(node, unused);
        }
      }.scan(unit, null);
    }
    return findings;
  }

  /** Checks one statement (or fragment) made of {@code operands}, if it is CQL (or {@code cql}: appended to CQL). */
  private void checkStatement(TreePath at, List<TreePath> operands, boolean cql) {
    if (notCql(at)) {
      messagesSkipped++;
      return;
    }
    for (TreePath operand : operands) {
      cql |= containsCql(operand, new HashSet<>());
    }
    if (!cql) {
      return;
    }
    statementsChecked++;
    Set<String> problems = new LinkedHashSet<>();
    for (TreePath operand : operands) {
      if (!(operand.getLeaf() instanceof LiteralTree l && l.getValue() instanceof String) && !identifierProducing(operand, new HashSet<>())) {
        problems.add("not an identifier or a bind marker: " + operand.getLeaf());
      }
    }
    List<String> renderings = List.of("");
    for (TreePath operand : operands) {
      renderings = concat(renderings, render(operand, new HashSet<>()));
    }
    for (String rendering : renderings) {
      problems.addAll(textProblems(rendering));
    }
    if (Boolean.getBoolean("denorm.cqlguard.verbose")) { // -Ddenorm.cqlguard.verbose=true: what was checked, as rendered
      CompilationUnitTree unit = at.getCompilationUnit();
      System.out.println(unit.getSourceFile().getName().replaceAll(".*/", "") + ":" + unit.getLineMap().getLineNumber(positions.getStartPosition(unit, at.getLeaf()))
          + ": " + renderings + (problems.isEmpty() ? "" : "  " + problems));
    }
    if (!problems.isEmpty()) {
      CompilationUnitTree unit = at.getCompilationUnit();
      long line = unit.getLineMap().getLineNumber(positions.getStartPosition(unit, at.getLeaf()));
      String code = at.getLeaf().toString().replaceAll("\\s+", " ");
      findings.add(new Finding(unit.getSourceFile().getName(), line, code.length() > 300 ? code.substring(0, 300) + "…" : code, List.copyOf(problems)));
    }
  }

  static boolean isCql(String s) {
    return STATEMENT_START.matcher(s).find() || CLAUSE_WORD.matcher(s).find();
  }

  /** Exception messages and regular expressions may mention CQL; they are not sent to Cassandra. */
  private static boolean notCql(TreePath path) {
    for (TreePath p = path; p != null; p = p.getParentPath()) {
      Tree t = p.getLeaf();
      if (t instanceof NewClassTree n) {
        String type = n.getIdentifier().toString();
        if (type.endsWith("Exception") || type.endsWith("Error")) {
          return true;
        }
      }
      if (t instanceof MethodInvocationTree m && methodName(m).equals("compile") && String.valueOf(receiver(m)).endsWith("Pattern")) {
        return true;
      }
      if (t instanceof StatementTree || t instanceof MethodTree || t instanceof ClassTree) {
        return false;
      }
    }
    return false;
  }

  /** Whether the parent (through parentheses and conditional branches) is a concatenation: then that is checked as a whole. */
  private static boolean insideConcatenation(TreePath path) {
    Tree child = path.getLeaf();
    for (TreePath p = path.getParentPath(); p != null; child = p.getLeaf(), p = p.getParentPath()) {
      Tree t = p.getLeaf();
      if (t.getKind() == Tree.Kind.PLUS) {
        return true;
      }
      boolean branch = t instanceof ConditionalExpressionTree c && c.getCondition() != child;
      if (!(t instanceof ParenthesizedTree) && !branch) {
        return false;
      }
    }
    return false;
  }

  private static List<TreePath> flatten(TreePath path) {
    Tree t = path.getLeaf();
    if (t.getKind() == Tree.Kind.PLUS) {
      BinaryTree b = (BinaryTree) t;
      List<TreePath> all = new ArrayList<>(flatten(new TreePath(path, b.getLeftOperand())));
      all.addAll(flatten(new TreePath(path, b.getRightOperand())));
      return all;
    }
    if (t instanceof ParenthesizedTree p) {
      return flatten(new TreePath(path, p.getExpression()));
    }
    return List.of(path);
  }

  // ---- identifier-producing expressions -----------------------------------------------------------------------------

  private boolean identifierProducing(TreePath path, Set<Tree> visiting) {
    Tree t = path.getLeaf();
    switch (t.getKind()) {
      case STRING_LITERAL:
      case CHAR_LITERAL: // text, checked with the rest of the statement
        return true;
      case PARENTHESIZED:
        return identifierProducing(new TreePath(path, ((ParenthesizedTree) t).getExpression()), visiting);
      case CONDITIONAL_EXPRESSION: {
        ConditionalExpressionTree c = (ConditionalExpressionTree) t;
        return identifierProducing(new TreePath(path, c.getTrueExpression()), visiting)
            && identifierProducing(new TreePath(path, c.getFalseExpression()), visiting);
      }
      case PLUS: {
        BinaryTree b = (BinaryTree) t;
        return identifierProducing(new TreePath(path, b.getLeftOperand()), visiting) && identifierProducing(new TreePath(path, b.getRightOperand()), visiting);
      }
      case METHOD_INVOCATION:
        return identifierProducingCall(path, (MethodInvocationTree) t, visiting);
      case NEW_CLASS: {
        NewClassTree n = (NewClassTree) t;
        String type = n.getIdentifier().toString();
        return (type.equals("StringBuilder") || type.equals("java.lang.StringBuilder"))
            && n.getArguments().stream().allMatch(a -> identifierProducing(new TreePath(path, a), visiting));
      }
      case IDENTIFIER:
      case MEMBER_SELECT: {
        Declaration d = resolveVariable(path);
        return d != null && identifierProducingVariable(d, visiting);
      }
      default:
        return false;
    }
  }

  private boolean identifierProducingCall(TreePath path, MethodInvocationTree m, Set<Tree> visiting) {
    String name = methodName(m);
    ExpressionTree receiver = receiver(m);
    List<? extends ExpressionTree> args = m.getArguments();
    if (name.equals("asCql")) {
      return true; // a CqlIdentifier renders as an identifier whatever its text: quoted, with quotes doubled
    }
    if (name.equals("join") && receiver != null && receiver.toString().equals("String") && args.size() == 2
        && args.get(1) instanceof MethodInvocationTree copies && methodName(copies).equals("nCopies") && copies.getArguments().size() == 2) {
      TreePath copied = new TreePath(new TreePath(path, copies), copies.getArguments().get(1));
      return identifierProducing(new TreePath(path, args.get(0)), visiting) && isBindMarker(copied);
    }
    if (name.equals("collect") && args.size() == 1 && args.get(0) instanceof MethodInvocationTree joining && methodName(joining).equals("joining")
        && receiver instanceof MethodInvocationTree map && methodName(map).equals("map") && map.getArguments().size() == 1) {
      TreePath joiningPath = new TreePath(path, joining);
      boolean separators = joining.getArguments().stream().allMatch(a -> identifierProducing(new TreePath(joiningPath, a), visiting));
      return separators && identifierProducingFunction(new TreePath(new TreePath(path, map), map.getArguments().get(0)), visiting);
    }
    if (name.equals("toString") && args.isEmpty() && receiver != null) {
      return identifierProducing(new TreePath(path, receiver), visiting);
    }
    if ((name.equals("append") || name.equals("insert")) && receiver != null && !args.isEmpty()) {
      return identifierProducing(new TreePath(path, receiver), visiting) && identifierProducing(new TreePath(path, args.get(args.size() - 1)), visiting);
    }
    List<TreePath> methods = resolveMethods(path, m);
    if (methods.isEmpty()) {
      return false;
    }
    for (TreePath method : methods) {
      if (!identifierProducingMethod(method, visiting)) {
        return false;
      }
    }
    return true;
  }

  private boolean isBindMarker(TreePath path) {
    return path.getLeaf() instanceof LiteralTree l && l.getValue() instanceof String s && s.strip().matches("\\?|:\\w+");
  }

  /** A method reference to an identifier-producing method, or a lambda whose result is identifier-producing. */
  private boolean identifierProducingFunction(TreePath path, Set<Tree> visiting) {
    Tree t = path.getLeaf();
    if (t instanceof MemberReferenceTree ref) {
      List<TreePath> methods = methodsNamed(path, ref.getQualifierExpression(), ref.getName().toString());
      return !methods.isEmpty() && methods.stream().allMatch(m -> identifierProducingMethod(m, visiting));
    }
    if (t instanceof LambdaExpressionTree lambda) {
      if (lambda.getBodyKind() == LambdaExpressionTree.BodyKind.EXPRESSION) {
        return identifierProducing(new TreePath(path, lambda.getBody()), visiting);
      }
      return returnsIdentifiers(new TreePath(path, lambda.getBody()), visiting);
    }
    return false;
  }

  private boolean identifierProducingMethod(TreePath method, Set<Tree> visiting) {
    MethodTree m = (MethodTree) method.getLeaf();
    if (m.getBody() == null) {
      return false;
    }
    if (!visiting.add(m)) {
      return true; // recursion: the other returns decide
    }
    try {
      return returnsIdentifiers(new TreePath(method, m.getBody()), visiting);
    } finally {
      visiting.remove(m);
    }
  }

  /** Every {@code return} of a body (not of nested lambdas or classes) is identifier-producing, and there is one. */
  private boolean returnsIdentifiers(TreePath body, Set<Tree> visiting) {
    List<TreePath> returns = new ArrayList<>();
    new TreePathScanner<Void, Void>() {
      @Override
      public Void visitReturn(ReturnTree node, Void unused) {
        if (node.getExpression() != null) {
          returns.add(new TreePath(getCurrentPath(), node.getExpression()));
        }
        return null;
      }

      @Override
      public Void visitLambdaExpression(LambdaExpressionTree node, Void unused) {
        return null;
      }

      @Override
      public Void visitClass(ClassTree node, Void unused) {
        return null;
      }
    }.scan(body, null);
    return !returns.isEmpty() && returns.stream().allMatch(r -> identifierProducing(r, visiting));
  }

  private boolean identifierProducingVariable(Declaration d, Set<Tree> visiting) {
    if (d.kind() != Declaration.Kind.LOCAL && d.kind() != Declaration.Kind.FIELD) {
      return false; // a parameter: whatever the caller passes
    }
    if (!visiting.add(d.variable())) {
      return true; // s = s + quote(c): the other definitions decide
    }
    try {
      List<TreePath> definitions = definitions(d);
      return !definitions.isEmpty() && definitions.stream().allMatch(def -> identifierProducing(def, visiting));
    } finally {
      visiting.remove(d.variable());
    }
  }

  // ---- what contains CQL ------------------------------------------------------------------------------------------

  private boolean containsCql(TreePath path, Set<Tree> visiting) {
    Tree t = path.getLeaf();
    if (!visiting.add(t)) {
      return false;
    }
    switch (t.getKind()) {
      case STRING_LITERAL:
        return isCql((String) ((LiteralTree) t).getValue());
      case PARENTHESIZED:
        return containsCql(new TreePath(path, ((ParenthesizedTree) t).getExpression()), visiting);
      case CONDITIONAL_EXPRESSION: {
        ConditionalExpressionTree c = (ConditionalExpressionTree) t;
        return containsCql(new TreePath(path, c.getTrueExpression()), visiting) || containsCql(new TreePath(path, c.getFalseExpression()), visiting);
      }
      case PLUS: {
        BinaryTree b = (BinaryTree) t;
        return containsCql(new TreePath(path, b.getLeftOperand()), visiting) || containsCql(new TreePath(path, b.getRightOperand()), visiting);
      }
      case NEW_CLASS:
        return ((NewClassTree) t).getArguments().stream().anyMatch(a -> containsCql(new TreePath(path, a), visiting));
      case IDENTIFIER:
      case MEMBER_SELECT: {
        Declaration d = resolveVariable(path);
        if (d == null || d.kind() == Declaration.Kind.PARAMETER || !visiting.add(d.variable())) {
          return false;
        }
        return definitions(d).stream().anyMatch(def -> containsCql(def, visiting));
      }
      case METHOD_INVOCATION: {
        MethodInvocationTree m = (MethodInvocationTree) t;
        if (methodName(m).equals("format") && !m.getArguments().isEmpty()) {
          return containsCql(new TreePath(path, m.getArguments().get(0)), visiting);
        }
        for (TreePath method : resolveMethods(path, m)) {
          MethodTree mt = (MethodTree) method.getLeaf();
          if (mt.getBody() != null && visiting.add(mt)) {
            List<Boolean> any = new ArrayList<>();
            new TreePathScanner<Void, Void>() {
              @Override
              public Void visitReturn(ReturnTree node, Void unused) {
                if (node.getExpression() != null && containsCql(new TreePath(getCurrentPath(), node.getExpression()), visiting)) {
                  any.add(true);
                }
                return null;
              }
            }.scan(new TreePath(method, mt.getBody()), null);
            if (!any.isEmpty()) {
              return true;
            }
          }
        }
        // text derived from its receiver: "SELECT …".strip(), builder.toString(), …
        ExpressionTree receiver = receiver(m);
        return receiver != null && TEXT_METHODS.contains(methodName(m)) && containsCql(new TreePath(path, receiver), visiting);
      }
      default:
        return false;
    }
  }

  /** The variable a chain of appends starts from ({@code sb} of {@code sb.append(a).append(b)}), if any. */
  private static TreePath builderRoot(TreePath path) {
    Tree t = path.getLeaf();
    if (t instanceof MethodInvocationTree m && (methodName(m).equals("append") || methodName(m).equals("insert")) && receiver(m) != null) {
      return builderRoot(new TreePath(path, receiver(m)));
    }
    return t instanceof IdentifierTree || t instanceof MemberSelectTree || t instanceof NewClassTree ? path : null;
  }

  // ---- names --------------------------------------------------------------------------------------------------------

  record Declaration(Kind kind, VariableTree variable, TreePath declaration, TreePath scope) {
    enum Kind { LOCAL, FIELD, PARAMETER }
  }

  /** The variable an identifier ({@code x}, {@code this.x}, {@code Type.X}) names, by scope; null if none is in the sources. */
  private Declaration resolveVariable(TreePath path) {
    Tree t = path.getLeaf();
    if (t instanceof IdentifierTree id) {
      return resolveName(path, id.getName().toString());
    }
    if (t instanceof MemberSelectTree select) {
      String name = select.getIdentifier().toString();
      ExpressionTree owner = select.getExpression();
      if (owner instanceof IdentifierTree o && o.getName().contentEquals("this")) {
        TreePath cls = enclosingClass(path);
        return cls == null ? null : field(cls, name);
      }
      if (owner instanceof IdentifierTree o && resolveName(path, o.getName().toString()) == null) {
        TreePath cls = findClass(path, o.getName().toString());
        return cls == null ? null : field(cls, name);
      }
    }
    return null;
  }

  private Declaration resolveName(TreePath path, String name) {
    Tree child = path.getLeaf();
    for (TreePath p = path.getParentPath(); p != null; child = p.getLeaf(), p = p.getParentPath()) {
      Tree t = p.getLeaf();
      if (t instanceof BlockTree block) {
        Declaration d = local(block.getStatements(), child, name, p);
        if (d != null) {
          return d;
        }
      } else if (t instanceof CaseTree c && c.getStatements() != null) {
        Declaration d = local(c.getStatements(), child, name, p);
        if (d != null) {
          return d;
        }
      } else if (t instanceof ForLoopTree loop) {
        for (StatementTree s : loop.getInitializer()) {
          if (s instanceof VariableTree v && v.getName().contentEquals(name)) {
            return new Declaration(Declaration.Kind.LOCAL, v, new TreePath(p, v), p);
          }
        }
      } else if (t instanceof TryTree tryTree) {
        for (Tree r : tryTree.getResources()) {
          if (r instanceof VariableTree v && v.getName().contentEquals(name)) {
            return new Declaration(Declaration.Kind.LOCAL, v, new TreePath(p, v), p);
          }
        }
      } else if (t instanceof EnhancedForLoopTree loop && loop.getVariable().getName().contentEquals(name)) {
        return new Declaration(Declaration.Kind.PARAMETER, loop.getVariable(), new TreePath(p, loop.getVariable()), p);
      } else if (t instanceof CatchTree c && c.getParameter().getName().contentEquals(name)) {
        return new Declaration(Declaration.Kind.PARAMETER, c.getParameter(), new TreePath(p, c.getParameter()), p);
      } else if (t instanceof LambdaExpressionTree lambda) {
        for (VariableTree v : lambda.getParameters()) {
          if (v.getName().contentEquals(name)) {
            return new Declaration(Declaration.Kind.PARAMETER, v, new TreePath(p, v), p);
          }
        }
      } else if (t instanceof MethodTree method) {
        for (VariableTree v : method.getParameters()) {
          if (v.getName().contentEquals(name)) {
            return new Declaration(Declaration.Kind.PARAMETER, v, new TreePath(p, v), p);
          }
        }
      } else if (t instanceof ClassTree) {
        Declaration d = field(p, name);
        if (d != null) {
          return d;
        }
      }
    }
    return null;
  }

  private static Declaration local(List<? extends StatementTree> statements, Tree child, String name, TreePath scope) {
    Declaration found = null;
    for (StatementTree s : statements) {
      if (s == child) {
        break;
      }
      if (s instanceof VariableTree v && v.getName().contentEquals(name)) {
        found = new Declaration(Declaration.Kind.LOCAL, v, new TreePath(scope, v), scope);
      }
    }
    return found;
  }

  private static Declaration field(TreePath cls, String name) {
    for (Tree member : ((ClassTree) cls.getLeaf()).getMembers()) {
      if (member instanceof VariableTree v && v.getName().contentEquals(name)) {
        return new Declaration(Declaration.Kind.FIELD, v, new TreePath(cls, v), cls);
      }
    }
    return null;
  }

  /** The initializer, every assignment and every {@code append} of a variable within its scope, in source order. */
  private List<TreePath> definitions(Declaration d) {
    List<TreePath> defs = new ArrayList<>();
    if (d.variable().getInitializer() != null) {
      defs.add(new TreePath(d.declaration(), d.variable().getInitializer()));
    }
    String name = d.variable().getName().toString();
    boolean field = d.kind() == Declaration.Kind.FIELD;
    new TreePathScanner<Void, Void>() {
      @Override
      public Void visitAssignment(AssignmentTree node, Void unused) {
        if (names(node.getVariable(), name, field)) {
          defs.add(new TreePath(getCurrentPath(), node.getExpression()));
        }
        return super.visitAssignment(node, unused);
      }

      @Override
      public Void visitCompoundAssignment(CompoundAssignmentTree node, Void unused) {
        if (names(node.getVariable(), name, field)) {
          defs.add(new TreePath(getCurrentPath(), node.getExpression()));
        }
        return super.visitCompoundAssignment(node, unused);
      }

      @Override
      public Void visitMethodInvocation(MethodInvocationTree node, Void unused) {
        String m = methodName(node);
        if ((m.equals("append") || m.equals("insert")) && !node.getArguments().isEmpty()) {
          TreePath root = builderRoot(new TreePath(getCurrentPath(), receiver(node)));
          if (root != null && names((ExpressionTree) root.getLeaf(), name, field)) {
            defs.add(new TreePath(getCurrentPath(), node.getArguments().get(node.getArguments().size() - 1)));
          }
        }
        return super.visitMethodInvocation(node, unused);
      }
    }.scan(d.scope(), null);
    defs.sort(java.util.Comparator.comparingLong(def -> positions.getStartPosition(def.getCompilationUnit(), def.getLeaf())));
    return defs;
  }

  private static boolean names(ExpressionTree e, String name, boolean field) {
    if (e instanceof IdentifierTree id) {
      return id.getName().contentEquals(name);
    }
    return field && e instanceof MemberSelectTree s && s.getIdentifier().contentEquals(name) && s.getExpression().toString().equals("this");
  }

  private List<TreePath> resolveMethods(TreePath path, MethodInvocationTree m) {
    return methodsNamed(path, receiver(m), methodName(m));
  }

  /** The methods {@code name} of the sources a call or reference with this receiver can mean: unqualified, {@code this.}, or {@code Type.}. */
  private List<TreePath> methodsNamed(TreePath path, ExpressionTree receiver, String name) {
    List<TreePath> found = new ArrayList<>();
    if (receiver == null || receiver.toString().equals("this")) {
      for (TreePath cls = enclosingClass(path); cls != null && found.isEmpty(); cls = enclosingClass(cls)) {
        found.addAll(methods(cls, name));
      }
    } else if (receiver instanceof IdentifierTree r && resolveName(path, r.getName().toString()) == null) {
      TreePath cls = findClass(path, r.getName().toString());
      if (cls != null) {
        found.addAll(methods(cls, name));
      }
    }
    return found;
  }

  private static List<TreePath> methods(TreePath cls, String name) {
    List<TreePath> found = new ArrayList<>();
    for (Tree member : ((ClassTree) cls.getLeaf()).getMembers()) {
      if (member instanceof MethodTree method && method.getName().contentEquals(name)) {
        found.add(new TreePath(cls, method));
      }
    }
    return found;
  }

  private static TreePath enclosingClass(TreePath path) {
    for (TreePath p = path.getParentPath(); p != null; p = p.getParentPath()) {
      if (p.getLeaf() instanceof ClassTree) {
        return p;
      }
    }
    return null;
  }

  /** A class of the sources by simple name: the same file's first, then the same package's, then any. */
  private TreePath findClass(TreePath from, String simpleName) {
    List<TreePath> candidates = classes.getOrDefault(simpleName, List.of());
    for (TreePath c : candidates) {
      if (c.getCompilationUnit() == from.getCompilationUnit()) {
        return c;
      }
    }
    for (TreePath c : candidates) {
      if (String.valueOf(c.getCompilationUnit().getPackageName()).equals(String.valueOf(from.getCompilationUnit().getPackageName()))) {
        return c;
      }
    }
    return candidates.isEmpty() ? null : candidates.get(0);
  }

  static String methodName(MethodInvocationTree m) {
    ExpressionTree select = m.getMethodSelect();
    return select instanceof MemberSelectTree s ? s.getIdentifier().toString() : select.toString();
  }

  static ExpressionTree receiver(MethodInvocationTree m) {
    return m.getMethodSelect() instanceof MemberSelectTree s ? s.getExpression() : null;
  }

  // ---- rendering ----------------------------------------------------------------------------------------------------

  /** The texts an expression can produce, with identifiers as {@code "x"}, marker lists as {@code ?}, values as {@value #VALUE}. */
  private List<String> render(TreePath path, Set<Tree> visiting) {
    Tree t = path.getLeaf();
    switch (t.getKind()) {
      case STRING_LITERAL:
        return List.of((String) ((LiteralTree) t).getValue());
      case INT_LITERAL:
      case LONG_LITERAL:
      case FLOAT_LITERAL:
      case DOUBLE_LITERAL:
      case BOOLEAN_LITERAL:
      case CHAR_LITERAL:
        return List.of(String.valueOf(((LiteralTree) t).getValue()));
      case PARENTHESIZED:
        return render(new TreePath(path, ((ParenthesizedTree) t).getExpression()), visiting);
      case CONDITIONAL_EXPRESSION: {
        ConditionalExpressionTree c = (ConditionalExpressionTree) t;
        List<String> both = new ArrayList<>(render(new TreePath(path, c.getTrueExpression()), visiting));
        both.addAll(render(new TreePath(path, c.getFalseExpression()), visiting));
        return both.size() > 8 ? both.subList(0, 8) : both;
      }
      case PLUS: {
        BinaryTree b = (BinaryTree) t;
        return concat(render(new TreePath(path, b.getLeftOperand()), visiting), render(new TreePath(path, b.getRightOperand()), visiting));
      }
      case NEW_CLASS: {
        NewClassTree n = (NewClassTree) t;
        return n.getArguments().size() == 1 ? render(new TreePath(path, n.getArguments().get(0)), visiting) : List.of("");
      }
      case IDENTIFIER:
      case MEMBER_SELECT: {
        Declaration d = resolveVariable(path);
        if (d == null || d.kind() == Declaration.Kind.PARAMETER || !visiting.add(d.variable())) {
          return List.of(VALUE);
        }
        try {
          List<TreePath> defs = definitions(d);
          if (defs.size() == 1) {
            return render(defs.get(0), visiting);
          }
          if (d.variable().getType() != null && d.variable().getType().toString().endsWith("StringBuilder")) {
            List<String> text = List.of(""); // the initializer, then the appends in source order
            for (TreePath def : defs) {
              text = concat(text, render(def, visiting));
            }
            return text;
          }
          return List.of(defs.stream().allMatch(def -> identifierProducing(def, new HashSet<>())) ? IDENTIFIER : VALUE);
        } finally {
          visiting.remove(d.variable());
        }
      }
      case METHOD_INVOCATION: {
        MethodInvocationTree m = (MethodInvocationTree) t;
        String name = methodName(m);
        if (name.equals("asCql")) {
          return List.of(IDENTIFIER);
        }
        if (name.equals("join") && identifierProducing(path, new HashSet<>())) {
          return List.of("?"); // String.join of bind markers
        }
        if (name.equals("collect") && m.getArguments().size() == 1 && m.getArguments().get(0) instanceof MethodInvocationTree j
            && receiver(m) instanceof MethodInvocationTree map && map.getArguments().size() == 1) {
          Tree f = map.getArguments().get(0);
          TreePath fPath = new TreePath(new TreePath(path, map), f);
          if (f instanceof LambdaExpressionTree lambda && lambda.getBodyKind() == LambdaExpressionTree.BodyKind.EXPRESSION) {
            return render(new TreePath(fPath, lambda.getBody()), visiting);
          }
          return List.of(identifierProducingFunction(fPath, new HashSet<>()) ? IDENTIFIER : VALUE);
        }
        if (name.equals("toString") && receiver(m) != null) {
          return render(new TreePath(path, receiver(m)), visiting);
        }
        if (name.equals("append") && receiver(m) != null && m.getArguments().size() == 1) {
          return concat(render(new TreePath(path, receiver(m)), visiting), render(new TreePath(path, m.getArguments().get(0)), visiting));
        }
        List<TreePath> methods = resolveMethods(path, m);
        if (methods.size() == 1 && visiting.add(methods.get(0).getLeaf())) {
          try {
            List<String> out = new ArrayList<>();
            MethodTree method = (MethodTree) methods.get(0).getLeaf();
            if (method.getBody() != null) {
              new TreePathScanner<Void, Void>() {
                @Override
                public Void visitReturn(ReturnTree node, Void unused) {
                  if (node.getExpression() != null) {
                    out.addAll(render(new TreePath(getCurrentPath(), node.getExpression()), visiting));
                  }
                  return null;
                }

                @Override
                public Void visitLambdaExpression(LambdaExpressionTree node, Void unused) {
                  return null;
                }
              }.scan(new TreePath(methods.get(0), method.getBody()), null);
            }
            if (!out.isEmpty()) {
              return out.size() > 8 ? out.subList(0, 8) : out;
            }
          } finally {
            visiting.remove(methods.get(0).getLeaf());
          }
        }
        return List.of(identifierProducing(path, new HashSet<>()) ? IDENTIFIER : VALUE);
      }
      default:
        return List.of(VALUE);
    }
  }

  private static List<String> concat(List<String> left, List<String> right) {
    List<String> out = new ArrayList<>();
    for (String l : left) {
      for (String r : right) {
        if (out.size() < 8) {
          out.add(l + r);
        }
      }
    }
    return out;
  }

  // ---- the text of a statement --------------------------------------------------------------------------------------

  private static final Pattern QUOTED_IDENTIFIER = Pattern.compile("\"(?:[^\"]|\"\")*\"");
  private static final Pattern NUMBER = Pattern.compile("(?<![\\w\".])[-+]?\\.?\\d[\\w.]*");
  private static final Pattern CONSTANT = Pattern.compile("(?i)(?<![\\w\"])(true|false|null)(?![\\w\"])");
  private static final Pattern VALUES = Pattern.compile("(?i)\\(([^()]*)\\)\\s*VALUES\\s*\\(([^()]*)\\)");
  private static final Pattern SET = Pattern.compile("(?i)(?<![\\w\"])SET(?![\\w\"])(.*?)(?=(?<![\\w\"])(WHERE|IF)(?![\\w\"])|$)");
  private static final Pattern WHERE = Pattern.compile(
      "(?i)(?<![\\w\"])WHERE(?![\\w\"])(.*?)(?=(?<![\\w\"])(LIMIT|ORDER\\s+BY|GROUP\\s+BY|PER\\s+PARTITION|ALLOW\\s+FILTERING|IF)(?![\\w\"])|$)");
  private static final Pattern CONDITION = Pattern.compile("(?i)(?<![\\w\"])IF(?![\\w\"])(?!\\s+(NOT\\s+)?EXISTS)(.*)$");
  private static final Pattern COMPARISON = Pattern.compile("(?i)(<=|>=|!=|=|<|>|(?<![\\w\"])(CONTAINS\\s+KEY|CONTAINS|IN|LIKE)(?![\\w\"]))\\s*");
  private static final Pattern MARKER = Pattern.compile("^(\\?|:\\w+|\\(\\s*(\\?|:\\w+)(\\s*,\\s*(\\?|:\\w+))*\\s*\\))");
  /**
   * {@code LIMIT n} with a constant: the model's, not a caller's (previous/next reads {@code LIMIT 1} in generated DAOs,
   * {@code CassandraNestedSet}'s token read). A caller's limit is bound: {@code LIMIT ?}.
   */
  private static final Pattern LIMIT_BEFORE = Pattern.compile("(?i)(?<![\\w\"])LIMIT\\s+$");

  /** What in one rendered statement is a literal value where a bind marker belongs. */
  static List<String> textProblems(String rendered) {
    Set<String> problems = new LinkedHashSet<>();
    String s = QUOTED_IDENTIFIER.matcher(rendered.replace("{keyspace}", "ks")).replaceAll(IDENTIFIER);
    if (s.indexOf('\'') >= 0) {
      problems.add("a quoted literal value ('…')");
    }
    // VALUES: a bind marker per column, or the marker column's constant false (aligned from the right: a joined
    // column list renders as one "x", its markers as one ?)
    Matcher values = VALUES.matcher(s);
    StringBuilder rest = new StringBuilder();
    while (values.find()) {
      String[] columns = values.group(1).split(",");
      String[] given = values.group(2).split(",");
      for (int i = 1; i <= given.length; i++) {
        String v = given[given.length - i].strip();
        String column = i <= columns.length ? columns[columns.length - i].strip() : "";
        if (!MARKER.matcher(v).matches() && !(v.equalsIgnoreCase("false") && column.equals(MARKER_COLUMN))) {
          problems.add("VALUES has " + v + (column.isEmpty() ? "" : " for " + column) + ", not a bind marker");
        }
      }
      values.appendReplacement(rest, Matcher.quoteReplacement("(" + values.group(1) + ") VALUES (?)"));
    }
    values.appendTail(rest);
    s = rest.toString();
    // SET: c = ?, c = c + ?, c = c - ?, or the marker column's constant false
    Matcher set = SET.matcher(s);
    rest = new StringBuilder();
    while (set.find()) {
      for (String assignment : set.group(1).split(",")) {
        int eq = assignment.indexOf('=');
        if (assignment.isBlank()) {
          continue;
        }
        String column = eq < 0 ? assignment.strip() : assignment.substring(0, eq).strip();
        String value = eq < 0 ? "" : assignment.substring(eq + 1).strip();
        boolean ok = value.isEmpty() || MARKER.matcher(value).matches()
            || value.matches(Pattern.quote(column) + "\\s*[-+]\\s*(\\?|:\\w+)") || value.matches("(\\?|:\\w+)\\s*\\+\\s*" + Pattern.quote(column))
            || ((value.equalsIgnoreCase("false") || value.equalsIgnoreCase("true")) && column.equals(MARKER_COLUMN));
        if (!ok) {
          problems.add("SET " + column + " = " + value + ", not a bind marker");
        }
      }
      set.appendReplacement(rest, Matcher.quoteReplacement(" SET "));
    }
    set.appendTail(rest);
    s = rest.toString();
    // WHERE and IF: every comparison against a bind marker
    List<String> conditions = new ArrayList<>();
    Matcher where = WHERE.matcher(s);
    while (where.find()) {
      conditions.add(where.group(1));
    }
    Matcher condition = CONDITION.matcher(s);
    if (condition.find()) {
      conditions.add(condition.group(2));
    }
    for (String c : conditions) {
      Matcher op = COMPARISON.matcher(c);
      while (op.find()) {
        String right = c.substring(op.end());
        if (!right.isBlank() && !MARKER.matcher(right).find()) {
          problems.add("compares " + op.group(1).strip() + " " + right.strip().split("\\s+")[0] + ", not a bind marker");
        }
      }
    }
    // anywhere else: no numbers (but LIMIT's constant), no true/false/null
    Matcher number = NUMBER.matcher(s);
    while (number.find()) {
      if (!LIMIT_BEFORE.matcher(s.substring(0, number.start())).find()) {
        problems.add("a numeric literal " + number.group());
      }
    }
    Matcher constant = CONSTANT.matcher(s);
    while (constant.find()) {
      problems.add("a literal " + constant.group());
    }
    return List.copyOf(problems);
  }

  // ---- schema files -------------------------------------------------------------------------------------------------

  private static final Pattern CREATE = Pattern.compile("(?i)^CREATE\\s+(TABLE|TYPE)\\s+IF\\s+NOT\\s+EXISTS\\s");
  private static final Pattern SCHEMA_CLAUSE = Pattern.compile("(?<![\\w\"])(WHERE|VALUES|SET)(?![\\w\"])(.*)$", Pattern.DOTALL);

  /**
   * A schema file holds {@code CREATE TABLE|TYPE IF NOT EXISTS} statements only (what {@code SchemaManager} applies), so
   * no data; a {@code WHERE}, {@code VALUES} or {@code SET} (upper case: {@code set<text>} is a type) holds no literal.
   */
  static List<Finding> checkSchema(String file, String text) {
    List<Finding> findings = new ArrayList<>();
    StringBuilder code = new StringBuilder();
    for (String line : text.split("\n", -1)) {
      String stripped = line.stripLeading();
      code.append(stripped.startsWith("--") || stripped.startsWith("//") ? "" : line).append('\n');
    }
    String all = code.toString();
    int from = 0;
    for (String statement : all.split(";", -1)) {
      long line = all.substring(0, from).chars().filter(ch -> ch == '\n').count() + 1 + statement.lines().takeWhile(String::isBlank).count();
      from += statement.length() + 1;
      String s = statement.strip();
      if (s.isEmpty()) {
        continue;
      }
      List<String> problems = new ArrayList<>();
      if (!CREATE.matcher(s).find()) {
        problems.add("not a CREATE TABLE|TYPE IF NOT EXISTS statement (SchemaManager applies nothing else)");
      }
      Matcher clause = SCHEMA_CLAUSE.matcher(QUOTED_IDENTIFIER.matcher(s).replaceAll(IDENTIFIER));
      if (clause.find()) {
        String after = clause.group(2);
        if (after.indexOf('\'') >= 0 || NUMBER.matcher(after).find() || CONSTANT.matcher(after).find()) {
          problems.add("a literal value after " + clause.group(1));
        }
      }
      if (!problems.isEmpty()) {
        findings.add(new Finding(file, line, s.lines().findFirst().orElse(s), problems));
      }
    }
    return findings;
  }
}
