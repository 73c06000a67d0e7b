package com.opencsv;

import java.io.IOException;

/**
 * Stand-in for OpenCSV's writer, so that AbaloneAI's game statistics compile
 * without the library (the driver writes no statistics). Our own code.
 */
public interface ICSVWriter {
	/** Writes one row. */
	void writeNext(String[] row);

	/** Flushes. */
	void flush() throws IOException;

	/** Closes. */
	void close() throws IOException;
}
