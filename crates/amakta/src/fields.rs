//! The `key=value` fields of the position texts (standard and Infinit).

/// Splits `text` at whitespace into `key=value` fields, one slot per known
/// key (in the order of `keys`); unknown, repeated or malformed fields are
/// errors that name them. Missing fields stay `None`.
pub(crate) fn read_fields<'a, const N: usize>(
    text: &'a str,
    keys: &[&str; N],
) -> Result<[Option<&'a str>; N], String> {
    let mut fields = [None; N];
    for token in text.split_whitespace() {
        let (key, value) = token.split_once('=').ok_or_else(|| format!("'{token}' is not key=value"))?;
        let slot = keys
            .iter()
            .position(|k| *k == key)
            .ok_or_else(|| format!("unknown field '{key}' (fields: {})", keys.join(", ")))?;
        if fields[slot].replace(value).is_some() {
            return Err(format!("field '{key}' is given twice"));
        }
    }
    Ok(fields)
}
