//! Importing a record as a game to view: `POST /api/records` (the route
//! is in [`crate::http::games`]).

use crate::contract::game::GameImported;
use crate::core::app::App;
use crate::core::error::DomainError;
use crate::core::limits::Action;
use crate::core::secret::new_game_id;
use crate::core::table::{Kind, Table};
use crate::features::records;
use crate::features::seat::{detached, state_value};
use crate::store::Op;
use game::{DynGame, Registry, text};
use std::net::IpAddr;
use std::sync::Arc;

/// The most moves an imported record may have.
pub const RECORD_MOVES: usize = 5000;

/// Imports a record as a game to view (see [`read_record`]).
pub async fn import(app: Arc<App>, client: IpAddr, record: String) -> Result<GameImported, DomainError> {
    app.rates.check(Action::ImportRecord, client)?;
    detached(async move {
        let reader = app.clone();
        let (game, setup, tags) =
            tokio::task::spawn_blocking(move || read_record(&reader.registry, &record)).await.map_err(
                |e| DomainError::internal(text!("import failed: {e}", "Import fehlgeschlagen: {e}")),
            )??;
        let title = app.registry.get(game.name())?.title.en;
        let id = new_game_id();
        let mut table = Table::new(id.clone(), title, game, setup, Kind::Record);
        table.tags = tags;
        app.commit(vec![Op::CreateGame(Box::new(table.to_stored()))]).await?;
        let state = app.insert_created(table).await;
        Ok(GameImported { id, state: state_value(state.to_vec())? })
    })
    .await
}

/// A game, its start position text and the record's own tags.
type ReadRecord = (Box<dyn DynGame>, Option<String>, Vec<(String, String)>);

/// Reads and replays a record (on the blocking pool: long records take a
/// while): the game at its end, its start position text and the record's
/// tags that the game does not write itself (players' names, event, site,
/// date, round…). Records of more than [`RECORD_MOVES`] moves, or whose
/// tags break a rule of [`records::check_tags`] (too many, a name too long
/// or not a word, a value too long or with control characters), are
/// refused (422) before any replay.
fn read_record(registry: &Registry, text: &str) -> Result<ReadRecord, DomainError> {
    let record = game::Record::parse(text)?;
    let count = record.moves.len();
    if count > RECORD_MOVES {
        return Err(DomainError::unprocessable(text!(
            "the record has {count} moves; at most {RECORD_MOVES} are imported",
            "die Aufzeichnung hat {count} Züge; höchstens {RECORD_MOVES} werden importiert"
        )));
    }
    records::check_tags(&record.tags)?;
    let game = registry.load_record(&record)?;
    let own = game.record();
    let kept = record
        .tags
        .iter()
        .filter(|(name, _)| !name.eq_ignore_ascii_case("Setup") && own.tag(name).is_none())
        .cloned()
        .collect();
    Ok((game, record.tag("Setup").map(str::to_owned), kept))
}
