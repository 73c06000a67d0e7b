package model.artificialintelligence.minimax;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import model.gamelogic.GameState;
import model.gamelogic.PlayableMove;

/**
 * AbaloneAI's time-bound iterative deepening (TimeBoundIterativeDeepeningDfs)
 * with its time in milliseconds rather than whole seconds, and AbaloneAI's
 * example player's search settings. Part of Spielwerk's UGI bridge (our own
 * code, in AbaloneAI's package for its package-private settings).
 */
public final class SpielwerkSearch extends DefaultMinimax {
	/** The deepest iteration that finished in the last search. */
	public int depth;

	/**
	 * A search of {@code gameState}: the evaluator and move ordering of the
	 * player in AbaloneAI's README (evaluation sorting at depths 1-2, history
	 * heuristic at 3-4, marble ordering at 5), with its transposition table.
	 */
	public SpielwerkSearch(GameState gameState) {
		super(gameState, new GameStateEvaluator.Builder()
				.considerEnemyPosition()
				.withCoherenceWeight(3)
				.withDistanceFromCenterWeight(8)
				.withFormationBreakWeight(10)
				.withMarbleConqueredWeight(800)
				.withImmediateMarbleCapWeight(0)
				.withSingleMarbleCapWeight(30)
				.withDoubleMarbleCapWeight(50)
				.enableHashing()
				.build());
		enableWindowNarrowing();
		enableEvaluateSorting(1, 2);
		enableHistoryHeuristicSorting(3, 4);
		enableMarbleOrdering(5, 5);
	}

	/**
	 * The best move of the deepest iteration finished within {@code ms}
	 * milliseconds (from depth 1, each iteration in a thread that is
	 * interrupted at the time, as AbaloneAI's own), or of depth 1 when not
	 * even that finished in time.
	 */
	public PlayableMove search(long ms) {
		long deadline = System.nanoTime() + ms * 1_000_000;
		PlayableMove best = null;
		depth = 0;
		ExecutorService worker = Executors.newSingleThreadExecutor(task -> {
			Thread thread = new Thread(task);
			thread.setDaemon(true);
			return thread;
		});
		try {
			for (int d = 1; d < 64 && System.nanoTime() < deadline; d++) {
				final int limit = d;
				Future<PlayableMove> future = worker.submit(() -> minimax(limit));
				try {
					PlayableMove found = future.get(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
					if (found == null) {
						break;
					}
					best = found;
					depth = d;
				} catch (TimeoutException | InterruptedException | ExecutionException e) {
					future.cancel(true);
					break;
				}
			}
		} finally {
			// Wait until an interrupted iteration has put the game state back.
			worker.shutdownNow();
			try {
				worker.awaitTermination(10, TimeUnit.SECONDS);
			} catch (InterruptedException e) {
				Thread.currentThread().interrupt();
			}
		}
		if (best == null) {
			try {
				best = minimax(1);
				depth = 1;
			} catch (InterruptedException e) {
				return null;
			}
		}
		return best;
	}
}
