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
    try (Writer writer = filer.createSourceFile(name, originating).openWriter()) {
      writer.write(FITTER.fit(file.toString()));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + packageName + "." + type.name(), e);
    }
  }
}
