package io.denorm.processor.generation;

import com.palantir.javapoet.AnnotationSpec;
import com.palantir.javapoet.ClassName;
import com.palantir.javapoet.JavaFile;
import com.palantir.javapoet.TypeSpec;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import javax.annotation.processing.Filer;
import javax.lang.model.element.Element;
import javax.lang.model.util.Elements;

/** Writes generated types through the Filer, marked {@code @Generated} and tied to their origins. */
public final class SourceFileGenerator {

  public static final String PROCESSOR = "io.denorm.processor.DenormProcessor";
  private static final ClassName GENERATED = ClassName.get("javax.annotation.processing", "Generated");

  /** The longest line a generated file has: longer ones are wrapped where a break changes nothing. */
  public static final int MAX_LINE = 120;
  private static final LineFitter FITTER = new LineFitter(MAX_LINE);

  private final Filer filer;
  private final boolean generatedAvailable;
  /** The types written so far, by qualified name, each with the element it was generated for. */
  private final java.util.Map<String, Element> written = new java.util.HashMap<>();

  /**
   * A generated type whose name another type of the compilation has: one of the sources, or a type
   * generated for another element ({@link #owner}, null for a source).
   */
  public static final class NameTaken extends RuntimeException {
    private final String name;
    private final transient Element owner;

    NameTaken(String name, Element owner, Throwable cause) {
      super(cause == null ? "cannot write " + name + ": the name is taken" : cause.getMessage(), cause);
      this.name = name;
      this.owner = owner;
    }

    public String name() {
      return name;
    }

    public Element owner() {
      return owner;
    }
  }

  public SourceFileGenerator(Filer filer, Elements elements) {
    this.filer = filer;
    this.generatedAvailable = elements.getTypeElement(GENERATED.canonicalName()) != null;
  }

  /** The {@code @Generated} annotation, or null on a platform that lacks it. */
  public AnnotationSpec generatedAnnotation(String origin) {
    if (!generatedAvailable) {
      return null;
    }
    return AnnotationSpec.builder(GENERATED)
        .addMember("value", "$S", PROCESSOR)
        .addMember("comments", "$S", "from " + origin)
        .build();
  }

  public void write(String packageName, TypeSpec type, Element... originating) {
    TypeSpec.Builder builder = type.toBuilder();
    for (Element e : originating) {
      builder.addOriginatingElement(e);
    }
    JavaFile file = JavaFile.builder(packageName, builder.build())
        .skipJavaLangImports(true)
        .indent("  ")
        .build();
    String name = packageName.isEmpty() ? type.name() : packageName + "." + type.name();
    if (written.containsKey(name)) {
      throw new NameTaken(name, written.get(name), null);
    }
    Writer writer;
    try {
      writer = filer.createSourceFile(name, originating).openWriter();
    } catch (javax.annotation.processing.FilerException e) {
      throw new NameTaken(name, null, e); // refused by the Filer: most often a type of the sources has the name
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + packageName + "." + type.name(), e);
    }
    written.put(name, originating.length > 0 ? originating[0] : null);
    try (writer) {
      writer.write(FITTER.fit(file.toString()));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + packageName + "." + type.name(), e);
    }
  }
}
