//! [`Session`]: the generic implementation of [`DynGame`] for any [`Game`].

use crate::{
    Analyzer, DynGame, EngineState, Engines, GameError, History, Info, Limits, Options, Outcome, Player,
    Presentation, Record, StaticText, Style, Text, ThinkResult, engine_index, text,
};
use std::ops::Range;
use std::sync::atomic::AtomicBool;

/// Builds a position from the options and optional position text.
pub type PositionFactory<G> = fn(&Options, Option<&str>) -> Result<G, GameError>;

/// A game of type `G` with its history and, once asked to think, its engine.
/// Game crates create their registry entries from this.
pub struct Session<G: Presentation> {
    name: &'static str,
    options: Options,
    history: History<G>,
    make_position: PositionFactory<G>,
    engines: Engines<G>,
    engine: usize,
    analyzer: Option<Box<dyn Analyzer<G>>>,
    hash_mb: Option<usize>,
    threads: Option<usize>,
}

impl<G: Presentation> Session<G> {
    /// A new session of the game `name` with the given options and setup,
    /// offering `engines` (the first is the default; with none,
    /// [`DynGame::think`] and [`DynGame::set_engine`] answer
    /// [`GameError::NoEngine`]).
    pub fn new(
        name: &'static str,
        options: Options,
        setup: Option<&str>,
        make_position: PositionFactory<G>,
        engines: Engines<G>,
    ) -> Result<Session<G>, GameError> {
        let start = make_position(&options, setup)?;
        Ok(Session {
            name,
            options,
            history: History::new(start),
            make_position,
            engines,
            engine: 0,
            analyzer: None,
            hash_mb: None,
            threads: None,
        })
    }

    /// The typed history of the game.
    pub fn history(&self) -> &History<G> {
        &self.history
    }

    fn analyzer(&mut self) -> Result<&mut dyn Analyzer<G>, GameError> {
        let (hash_mb, threads) = (self.hash_mb, self.threads);
        let make = self.engines.get(self.engine).ok_or_else(|| self.no_engine())?.1;
        Ok(self
            .analyzer
            .get_or_insert_with(|| {
                let mut analyzer = make();
                if let Some(mb) = hash_mb {
                    analyzer.set_hash_mb(mb);
                }
                if let Some(threads) = threads {
                    analyzer.set_threads(threads);
                }
                analyzer
            })
            .as_mut())
    }

    fn no_engine(&self) -> GameError {
        GameError::NoEngine(self.name.to_owned())
    }

    fn move_texts(&self) -> Vec<String> {
        let positions = self.history.positions();
        self.history.moves().iter().zip(positions).map(|(&mv, pos)| pos.format_move(mv)).collect()
    }
}

impl<G: Presentation> DynGame for Session<G> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn options(&self) -> &Options {
        &self.options
    }

    fn side_to_move(&self) -> Player {
        self.history.current().side_to_move()
    }

    fn player_name(&self, player: Player) -> StaticText {
        self.history.current().player_name(player)
    }

    fn position(&self) -> String {
        self.history.current().position_text()
    }

    fn start_position(&self) -> String {
        self.history.start().position_text()
    }

    fn set_position(&mut self, setup: Option<&str>) -> Result<(), GameError> {
        let start = (self.make_position)(&self.options, setup)?;
        self.history = History::new(start);
        Ok(())
    }

    fn legal_moves(&self) -> Vec<String> {
        let mut moves = Vec::new();
        self.history.legal_moves(&mut moves);
        let current = self.history.current();
        moves.into_iter().map(|mv| current.format_move(mv)).collect()
    }

    fn legal_move_list(&self, limit: usize) -> (usize, Vec<String>) {
        let mut moves = Vec::new();
        let count = self.history.count_legal_moves(limit, &mut moves);
        let current = self.history.current();
        (count, moves.into_iter().map(|mv| current.format_move(mv)).collect())
    }

    fn legal_moves_in(&self, range: Range<usize>) -> Vec<String> {
        let mut moves = Vec::new();
        self.history.legal_moves_in(range, &mut moves);
        let current = self.history.current();
        moves.into_iter().map(|mv| current.format_move(mv)).collect()
    }

    fn play(&mut self, mv: &str) -> Result<String, GameError> {
        let mv = self.history.play_text(mv)?;
        let positions = self.history.positions();
        Ok(positions[positions.len() - 2].format_move(mv))
    }

    fn undo(&mut self) -> Option<String> {
        let mv = self.history.undo()?;
        Some(self.history.current().format_move(mv))
    }

    fn moves(&self) -> Vec<String> {
        self.move_texts()
    }

    fn in_setup(&self) -> bool {
        self.history.current().in_setup()
    }

    fn play_moves(&self) -> usize {
        let before = &self.history.positions()[..self.history.moves().len()];
        before.iter().filter(|position| !position.in_setup()).count()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.history.outcome()
    }

    fn end(&mut self, outcome: Outcome) {
        self.history.end(outcome);
    }

    fn record(&self) -> Record {
        let mut record = Record::default();
        record.set_tag("Game", self.name);
        for (name, value) in self.options.iter() {
            record.set_tag(&Record::option_tag(name), value);
        }
        record.set_tag("Setup", &self.start_position());
        let outcome = self.outcome();
        record.set_tag("Result", outcome.map_or("*", |o| o.result_text()));
        if let Some(outcome) = outcome {
            record.set_tag("Termination", outcome.reason);
        }
        record.moves = self.move_texts();
        record.set_movers(
            self.history.positions().iter().take(record.moves.len()).map(G::side_to_move).collect(),
        );
        record
    }

    fn perft(&self, depth: u32) -> u64 {
        self.history.current().perft(depth)
    }

    fn render(&self, style: Style) -> String {
        let style = style.with_outcome(self.outcome());
        self.history.current().render(self.history.moves().last().copied(), style)
    }

    fn cell_at(&self, line: usize, column: usize) -> Option<String> {
        self.history.current().cell_at(line, column)
    }

    fn full_column(&self, column: usize) -> usize {
        self.history.current().full_column(column)
    }

    fn board_lines_most(&self, style: Style) -> Option<usize> {
        self.history.current().board_lines_most(style)
    }

    fn view(&self) -> serde_json::Value {
        self.history.current().view()
    }

    fn check_start_options(&self, options: &Options) -> Result<(), GameError> {
        self.history.start().check_options(options)
    }

    fn explain(&self, what: &str) -> Option<Result<Text, Text>> {
        self.history.current().explain(what)
    }

    fn move_note(&self, mv: &str) -> Option<Text> {
        self.history.current().move_note(mv)
    }

    fn think_among(
        &mut self,
        among: &[String],
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info<String>),
    ) -> Result<ThinkResult, GameError> {
        let mut history = self.history.clone();
        let root = history.current().clone();
        let mut allowed = Vec::with_capacity(among.len());
        for text in among {
            let mv = root.parse_move(text)?;
            if !root.is_legal(mv) {
                return Err(GameError::illegal(
                    text,
                    crate::text!(
                        "not a legal move in this position",
                        "in dieser Stellung kein zulässiger Zug"
                    ),
                ));
            }
            allowed.push(mv);
        }
        history.restrict_root(allowed);
        let text_pv = |pv: &[G::Move]| -> Vec<String> {
            let mut position = root.clone();
            pv.iter()
                .map(|&mv| {
                    let text = position.format_move(mv);
                    position.play(mv);
                    text
                })
                .collect()
        };
        let mut last: Option<Info<String>> = None;
        let best = self.analyzer()?.think(&history, limits, stop, &mut |info: &Info<G::Move>| {
            let mut text = info.map(|_| String::new());
            text.pv = text_pv(&info.pv);
            text.currmove = info.currmove.map(|(mv, number)| (root.format_move(mv), number));
            on_info(&text);
            if text.is_complete() && text.multipv == 1 {
                last = Some(text);
            }
        });
        Ok(ThinkResult { best: best.map(|mv| root.format_move(mv)), info: last })
    }

    fn new_game(&mut self) {
        if let Some(analyzer) = self.analyzer.as_mut() {
            analyzer.new_game();
        }
    }

    fn engines(&self) -> Vec<&'static str> {
        self.engines.iter().map(|(name, _)| *name).collect()
    }

    fn set_engine(&mut self, name: &str) -> Result<(), GameError> {
        if self.engines.is_empty() {
            return Err(self.no_engine());
        }
        let index = engine_index(self.engines, name).ok_or_else(|| {
            let known = self.engines().join(", ");
            GameError::option(
                "engine",
                text!("'{name}' is not one of {known}", "„{name}“ ist keiner von {known}"),
            )
        })?;
        if index != self.engine {
            self.engine = index;
            self.analyzer = None;
        }
        Ok(())
    }

    fn set_hash_mb(&mut self, megabytes: usize) {
        self.hash_mb = Some(megabytes);
        if let Some(analyzer) = self.analyzer.as_mut() {
            analyzer.set_hash_mb(megabytes);
        }
    }

    fn set_threads(&mut self, threads: usize) {
        self.threads = Some(threads);
        if let Some(analyzer) = self.analyzer.as_mut() {
            analyzer.set_threads(threads);
        }
    }

    fn clone_box(&self) -> Box<dyn DynGame> {
        Box::new(Session {
            name: self.name,
            options: self.options.clone(),
            history: self.history.clone(),
            make_position: self.make_position,
            engines: self.engines,
            engine: self.engine,
            analyzer: None,
            hash_mb: self.hash_mb,
            threads: self.threads,
        })
    }

    fn take_engine(&mut self) -> Option<EngineState> {
        let analyzer = self.analyzer.take()?;
        let engine = self.engines.get(self.engine)?.0;
        Some(EngineState::new(self.name, engine, Box::new(analyzer)))
    }

    fn put_engine(&mut self, state: EngineState) -> bool {
        let Some((engine, _)) = self.engines.get(self.engine) else { return false };
        let Some(any) = state.into_analyzer(self.name, engine) else { return false };
        match any.downcast::<Box<dyn Analyzer<G>>>() {
            Ok(analyzer) => {
                self.analyzer = Some(*analyzer);
                true
            }
            Err(_) => false,
        }
    }
}
