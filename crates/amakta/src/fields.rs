//! The `key=value` fields of the position texts (standard and Infinit).

use game::{Text, text};

/// Splits `text` at whitespace into `key=value` fields, one slot per known
/// key (in the order of `keys`); unknown, repeated or malformed fields are
/// errors that name them. Missing fields stay `None`.
pub(crate) fn read_fields<'a, const N: usize>(
    text: &'a str,
    keys: &[&str; N],
) -> Result<[Option<&'a str>; N], Text> {
    let mut fields = [None; N];
    for token in text.split_whitespace() {
        let (key, value) = token.split_once('=').ok_or_else(|| {
            text!("'{token}' is not key=value", "„{token}“ hat nicht die Form Schlüssel=Wert")
        })?;
        let slot = keys.iter().position(|k| *k == key).ok_or_else(|| {
            let known = keys.join(", ");
            text!(
                "unknown field '{key}' (fields: {known})",
                "unbekannter Eintrag „{key}“ (Einträge: {known})"
            )
        })?;
        if fields[slot].replace(value).is_some() {
            return Err(text!("field '{key}' is given twice", "Eintrag „{key}“ ist doppelt angegeben"));
        }
    }
    Ok(fields)
}
