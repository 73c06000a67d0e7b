package model.gamelogic;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import model.artificialintelligence.minimax.GameStateEvaluator;
import model.hex.Hex;

/**
 * Spielwerk's positions as AbaloneAI's game states, and back. Part of
 * Spielwerk's UGI bridge (our own code, compiled into AbaloneAI's package
 * model.gamelogic for its package-private board access).
 *
 * <p>Cells: Spielwerk numbers the 61 cells row by row from row A (bottom),
 * each row by increasing diagonal: a1 = 0 ... i9 = 60. AbaloneAI reads the
 * same notation (Board.abalToCube): row R (a = 1) and diagonal D are the
 * cube coordinates q = D - 5, s = 5 - R, r = -q - s. Black, Spielwerk's P1,
 * is AbaloneAI's first player.
 */
public final class SpielwerkPosition {
	/** The number of cells. */
	public static final int CELLS = 61;
	/** AbaloneAI's hex of each of Spielwerk's cell indices. */
	static final Hex[] HEXES = new Hex[CELLS];
	/** Spielwerk's cell index of each hex on the board. */
	static final Map<Hex, Integer> INDEX = new HashMap<>();
	/** A hex off the board, where ejected marbles are kept. */
	static final Hex OFF_BOARD = new Hex(5, -5, 0);

	static {
		int index = 0;
		for (int row = 1; row <= 9; row++) {
			int first = row <= 5 ? 1 : row - 4;
			int last = row <= 5 ? row + 4 : 9;
			for (int diag = first; diag <= last; diag++) {
				Hex hex = new Hex(diag - 5, row - diag, 5 - row);
				HEXES[index] = hex;
				INDEX.put(hex, index);
				index++;
			}
		}
	}

	private SpielwerkPosition() {
	}

	/**
	 * A two-player game state with the marbles {@code black} and {@code white}
	 * (bitboards by Spielwerk's cell index), the marbles each side ejected, and
	 * {@code side} (1 Black, 2 White) to move.
	 */
	public static GameState build(int side, long black, long white, int ejectedByBlack, int ejectedByWhite) {
		List<Player> players = new ArrayList<>();
		players.add(new ComputerPlayer("Black", null));
		players.add(new ComputerPlayer("White", null));
		GameState state = new GameState(players, StartingLayout.STANDARD2);
		for (Field field : state.board.board.values()) {
			field.setMarble(null);
		}
		place(state, players.get(0), black, ejectedByWhite, state.teams.get(1));
		place(state, players.get(1), white, ejectedByBlack, state.teams.get(0));
		state.board.initializeMarbleSet(state.teams);
		state.board.boardHash = GameStateEvaluator.hashOfBoard(state.board);
		if (side == 2) {
			state.nextPlayer();
		}
		state.gameStats.initializeTurn();
		return state;
	}

	/** Gives {@code player} its marbles on {@code cells} and {@code lost} ejected ones. */
	private static void place(GameState state, Player player, long cells, int lost, Team capturer) {
		int onBoard = Long.bitCount(cells);
		player.createMarbles(onBoard + lost);
		int next = 0;
		for (int cell = 0; cell < CELLS; cell++) {
			if ((cells >>> cell & 1) != 0) {
				state.board.board.get(HEXES[cell]).setMarble(player.getMarbles().get(next++));
			}
		}
		for (; next < onBoard + lost; next++) {
			Marble marble = player.getMarbles().get(next);
			marble.capture();
			marble.setHex(OFF_BOARD);
			capturer.getConqueredMarbles().add(marble);
		}
	}

	/** The marbles of both players in {@code state} as "BLACK:WHITE" hexadecimal bitboards. */
	public static String marbles(GameState state) {
		long[] sides = new long[2];
		for (int i = 0; i < 2; i++) {
			for (Marble marble : state.players.get(i).getMarbles()) {
				if (!marble.isCaptured()) {
					sides[i] |= 1L << INDEX.get(marble.getHex());
				}
			}
		}
		return Long.toHexString(sides[0]) + ":" + Long.toHexString(sides[1]);
	}

	/** The marbles after {@code move} in {@code state} (the state is left as it was). */
	public static String after(GameState state, PlayableMove move) {
		MoveUndo undo = state.makeMove(move);
		String result = marbles(state);
		state.makeMove(undo);
		return result;
	}
}
