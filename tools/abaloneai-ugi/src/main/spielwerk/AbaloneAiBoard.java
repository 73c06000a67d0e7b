package spielwerk;

import java.io.BufferedReader;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;

import model.artificialintelligence.minimax.SpielwerkSearch;
import model.gamelogic.GameState;
import model.gamelogic.Move;
import model.gamelogic.PlayableMove;
import model.gamelogic.SpielwerkPosition;

/**
 * The engine side of Spielwerk's UGI bridge for MichielVerloop/AbaloneAI
 * (Java, MIT): Spielwerk's board protocol (tools/abalone-bridge-ugi/src/engine.rs)
 * on standard input and output. Our own code.
 */
public final class AbaloneAiBoard {
	/** Black's marbles at the standard start (a1-a5, b1-b6, c3-c5). */
	private static final long START_BLACK = 0x1fL | 0x3fL << 5 | 0x7L << 13;
	/** White's marbles at the standard start (g5-g7, h4-h9, i5-i9). */
	private static final long START_WHITE = 0x7L << 45 | 0x3fL << 50 | 0x1fL << 56;
	/** The warm-up search's time. */
	private static final long WARM_UP_MS = 500;

	private AbaloneAiBoard() {
	}

	/** Reads commands until {@code quit} or the end of the input. */
	public static void main(String[] args) throws IOException {
		// AbaloneAI prints progress on System.out: the protocol gets the real
		// standard output, AbaloneAI's prints go to standard error.
		PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), true);
		System.setOut(System.err);
		BufferedReader in = new BufferedReader(new InputStreamReader(System.in));
		// A first search from the standard start, so that the just-in-time
		// compiler has done most of its work before the first timed search.
		GameState state = SpielwerkPosition.build(1, START_BLACK, START_WHITE, 0, 0);
		new SpielwerkSearch(state).search(WARM_UP_MS);
		out.println("ready AbaloneAI 552ade8");
		String line;
		while ((line = in.readLine()) != null) {
			String[] words = line.trim().split("\\s+");
			try {
				switch (words[0]) {
					case "pos":
						int side = Integer.parseInt(words[1]);
						if (side != 1 && side != 2) {
							throw new IllegalArgumentException("side " + side);
						}
						state = SpielwerkPosition.build(side, Long.parseUnsignedLong(words[2], 16),
								Long.parseUnsignedLong(words[3], 16), Integer.parseInt(words[4]),
								Integer.parseInt(words[5]));
						out.println("ok");
						break;
					case "moves":
						StringBuilder answer = new StringBuilder("moves");
						for (PlayableMove move : Move.allLegalMoves(state)) {
							answer.append(' ').append(SpielwerkPosition.after(state, move));
						}
						out.println(answer);
						break;
					case "go":
						SpielwerkSearch search = new SpielwerkSearch(state);
						PlayableMove best = search.search(Math.max(1, Long.parseLong(words[1])));
						if (best == null) {
							out.println("none no move found");
						} else {
							out.println("best " + SpielwerkPosition.after(state, best) + " " + search.depth + " 0");
						}
						break;
					case "new":
						out.println("ok");
						break;
					case "quit":
						return;
					case "":
						break;
					default:
						out.println("error unknown command '" + words[0] + "'");
				}
			} catch (RuntimeException e) {
				out.println("error " + e);
			}
		}
	}
}
