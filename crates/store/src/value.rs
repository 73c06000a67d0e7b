//! The values of statements' parameters and of rows, the same for both
//! backends: SQLite's storage classes (null, integer, real, text) and a
//! boolean. Each backend converts them to its own types: SQLite stores
//! booleans as 0/1, and PostgreSQL's typed protocol gets each parameter in
//! the type of its column (`INTEGER` or `BIGINT`, `BOOLEAN`, `DOUBLE
//! PRECISION`, `TEXT` or `JSON`), so that no statement needs a cast per
//! backend.

use crate::StoreError;
use bytes::BytesMut;
use std::error::Error;
use tokio_postgres::types::{FromSql, IsNull, ToSql, Type, to_sql_checked};

/// One parameter or column value.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// SQL `NULL`.
    Null,
    /// A whole number.
    Int(i64),
    /// A floating-point number.
    Real(f64),
    /// A text.
    Text(String),
    /// A truth value.
    Bool(bool),
}

impl From<&str> for Value {
    fn from(text: &str) -> Value {
        Value::Text(text.to_owned())
    }
}

impl From<String> for Value {
    fn from(text: String) -> Value {
        Value::Text(text)
    }
}

impl From<&String> for Value {
    fn from(text: &String) -> Value {
        Value::Text(text.clone())
    }
}

impl From<i64> for Value {
    fn from(number: i64) -> Value {
        Value::Int(number)
    }
}

impl From<i32> for Value {
    fn from(number: i32) -> Value {
        Value::Int(number.into())
    }
}

impl From<u8> for Value {
    fn from(number: u8) -> Value {
        Value::Int(number.into())
    }
}

impl From<u32> for Value {
    fn from(number: u32) -> Value {
        Value::Int(number.into())
    }
}

impl From<usize> for Value {
    /// Counts and indexes; beyond `i64::MAX` (never in practice) the
    /// largest number.
    fn from(number: usize) -> Value {
        Value::Int(i64::try_from(number).unwrap_or(i64::MAX))
    }
}

impl From<u64> for Value {
    /// Versions; beyond `i64::MAX` (never in practice) the largest number.
    fn from(number: u64) -> Value {
        Value::Int(i64::try_from(number).unwrap_or(i64::MAX))
    }
}

impl From<f64> for Value {
    fn from(number: f64) -> Value {
        Value::Real(number)
    }
}

impl From<bool> for Value {
    fn from(value: bool) -> Value {
        Value::Bool(value)
    }
}

impl<T: Into<Value>> From<Option<T>> for Value {
    fn from(value: Option<T>) -> Value {
        value.map_or(Value::Null, Into::into)
    }
}

/// A parameter that does not fit its PostgreSQL column.
#[derive(Debug, thiserror::Error)]
#[error("the value {value:?} does not fit a parameter of type {ty}")]
struct Mismatch {
    value: Value,
    ty: Type,
}

impl ToSql for Value {
    /// Writes the value in the type PostgreSQL expects for the parameter.
    fn to_sql(&self, ty: &Type, out: &mut BytesMut) -> Result<IsNull, Box<dyn Error + Sync + Send>> {
        let mismatch = || Box::new(Mismatch { value: self.clone(), ty: ty.clone() });
        match (self, ty) {
            (Value::Null, _) => Ok(IsNull::Yes),
            (Value::Int(n), &Type::INT2) => i16::try_from(*n).map_err(|_| mismatch())?.to_sql(ty, out),
            (Value::Int(n), &Type::INT4) => i32::try_from(*n).map_err(|_| mismatch())?.to_sql(ty, out),
            (Value::Int(n), &Type::INT8) => n.to_sql(ty, out),
            (Value::Int(n), &Type::FLOAT8) => (*n as f64).to_sql(ty, out),
            (Value::Int(n), &Type::BOOL) => (*n != 0).to_sql(ty, out),
            (Value::Real(x), &Type::FLOAT8) => x.to_sql(ty, out),
            (Value::Bool(b), &Type::BOOL) => b.to_sql(ty, out),
            // JSON's binary form is its text.
            (Value::Text(text), &Type::TEXT | &Type::VARCHAR | &Type::JSON | &Type::NAME) => {
                out.extend_from_slice(text.as_bytes());
                Ok(IsNull::No)
            }
            _ => Err(mismatch()),
        }
    }

    fn accepts(_: &Type) -> bool {
        true
    }

    to_sql_checked!();
}

impl<'a> FromSql<'a> for Value {
    fn from_sql(ty: &Type, raw: &'a [u8]) -> Result<Value, Box<dyn Error + Sync + Send>> {
        Ok(match *ty {
            Type::INT2 => Value::Int(i16::from_sql(ty, raw)?.into()),
            Type::INT4 => Value::Int(i32::from_sql(ty, raw)?.into()),
            Type::INT8 => Value::Int(i64::from_sql(ty, raw)?),
            Type::FLOAT4 => Value::Real(f32::from_sql(ty, raw)?.into()),
            Type::FLOAT8 => Value::Real(f64::from_sql(ty, raw)?),
            Type::BOOL => Value::Bool(bool::from_sql(ty, raw)?),
            _ => Value::Text(String::from_sql(ty, raw)?),
        })
    }

    fn from_sql_null(_: &Type) -> Result<Value, Box<dyn Error + Sync + Send>> {
        Ok(Value::Null)
    }

    fn accepts(_: &Type) -> bool {
        true
    }
}

impl rusqlite::ToSql for Value {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        use rusqlite::types::{ToSqlOutput, ValueRef};
        Ok(ToSqlOutput::Borrowed(match self {
            Value::Null => ValueRef::Null,
            Value::Int(n) => ValueRef::Integer(*n),
            Value::Real(x) => ValueRef::Real(*x),
            Value::Text(text) => ValueRef::Text(text.as_bytes()),
            Value::Bool(b) => ValueRef::Integer(i64::from(*b)),
        }))
    }
}

impl rusqlite::types::FromSql for Value {
    fn column_result(value: rusqlite::types::ValueRef<'_>) -> rusqlite::types::FromSqlResult<Value> {
        use rusqlite::types::{FromSqlError, ValueRef};
        Ok(match value {
            ValueRef::Null => Value::Null,
            ValueRef::Integer(n) => Value::Int(n),
            ValueRef::Real(x) => Value::Real(x),
            ValueRef::Text(text) => Value::Text(
                std::str::from_utf8(text).map_err(|e| FromSqlError::Other(Box::new(e)))?.to_owned(),
            ),
            ValueRef::Blob(_) => return Err(FromSqlError::InvalidType),
        })
    }
}

/// One row of a query's result, read by column index.
#[derive(Clone, Debug, PartialEq)]
pub struct Row(pub Vec<Value>);

impl Row {
    fn at(&self, index: usize) -> Result<&Value, StoreError> {
        self.0.get(index).ok_or_else(|| StoreError::Invalid(format!("a row has no column {index}")))
    }

    fn wrong(&self, index: usize, wanted: &str) -> StoreError {
        StoreError::Invalid(format!("column {index} is {:?}, not {wanted}", self.0.get(index)))
    }

    /// A text that may be null.
    pub fn opt_text(&self, index: usize) -> Result<Option<String>, StoreError> {
        match self.at(index)? {
            Value::Null => Ok(None),
            Value::Text(text) => Ok(Some(text.clone())),
            _ => Err(self.wrong(index, "a text")),
        }
    }

    /// A text.
    pub fn text(&self, index: usize) -> Result<String, StoreError> {
        self.opt_text(index)?.ok_or_else(|| self.wrong(index, "a text"))
    }

    /// A whole number that may be null.
    pub fn opt_int(&self, index: usize) -> Result<Option<i64>, StoreError> {
        match self.at(index)? {
            Value::Null => Ok(None),
            Value::Int(n) => Ok(Some(*n)),
            _ => Err(self.wrong(index, "a whole number")),
        }
    }

    /// A whole number.
    pub fn int(&self, index: usize) -> Result<i64, StoreError> {
        self.opt_int(index)?.ok_or_else(|| self.wrong(index, "a whole number"))
    }

    /// A whole number of the type `T` (a count, an index, a level…).
    pub fn int_as<T: TryFrom<i64>>(&self, index: usize) -> Result<T, StoreError> {
        T::try_from(self.int(index)?).map_err(|_| self.wrong(index, "a number in range"))
    }

    /// A whole number of the type `T` that may be null.
    pub fn opt_int_as<T: TryFrom<i64>>(&self, index: usize) -> Result<Option<T>, StoreError> {
        self.opt_int(index)?
            .map(|n| T::try_from(n).map_err(|_| self.wrong(index, "a number in range")))
            .transpose()
    }

    /// A floating-point number that may be null (SQLite may hand back a
    /// whole number for a real that has no fraction).
    pub fn opt_real(&self, index: usize) -> Result<Option<f64>, StoreError> {
        match self.at(index)? {
            Value::Null => Ok(None),
            Value::Real(x) => Ok(Some(*x)),
            Value::Int(n) => Ok(Some(*n as f64)),
            _ => Err(self.wrong(index, "a number")),
        }
    }

    /// A floating-point number.
    pub fn real(&self, index: usize) -> Result<f64, StoreError> {
        self.opt_real(index)?.ok_or_else(|| self.wrong(index, "a number"))
    }

    /// The text of the row's last column, wherever that is: for statements
    /// that end their columns with a key (a tournament's id), so that a
    /// column added before it does not shift what is read.
    pub fn last_text(&self) -> Result<String, StoreError> {
        let last =
            self.0.len().checked_sub(1).ok_or_else(|| StoreError::Invalid("a row has no columns".into()))?;
        self.text(last)
    }

    /// A truth value (SQLite keeps it as 0 or 1).
    pub fn bool(&self, index: usize) -> Result<bool, StoreError> {
        match self.at(index)? {
            Value::Bool(b) => Ok(*b),
            Value::Int(n) => Ok(*n != 0),
            _ => Err(self.wrong(index, "a truth value")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_column_is_read_however_many_come_before_it() {
        let row = |values: Vec<Value>| Row(values);
        let id = || Value::Text("t1".into());
        assert_eq!(row(vec![id()]).last_text().unwrap(), "t1");
        assert_eq!(row(vec![Value::Int(3), Value::Null, id()]).last_text().unwrap(), "t1");
        assert!(row(Vec::new()).last_text().is_err(), "an empty row has no last column");
        assert!(row(vec![id(), Value::Int(3)]).last_text().is_err(), "a last column that is no text");
    }
}
