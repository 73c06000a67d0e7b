package com.owlike.genson.annotation;

import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;

/**
 * Stand-in for Genson's annotation, so that AbaloneAI's model compiles
 * without its JSON library (the driver reads no JSON). Our own code.
 */
@Retention(RetentionPolicy.RUNTIME)
public @interface JsonProperty {
	/** The JSON name. */
	String value() default "";
}
