//! Rows into domain values: the one place a column's bytes become a domain type.
//!
//! The domain knows no database, so its types cannot say how they are read; each
//! aggregate's module says it beside its statements, with [`from_columns!`] for a plain
//! struct or an `impl` of [`FromColumns`] where a value spans columns. [`Columns`] reads a
//! column by name on either backend: ids are UUIDs (PostgreSQL `uuid`, SQLite BLOB) and
//! times unix milliseconds in both schemas, so one decoding serves both. A column that
//! holds a domain value as text (a pass state, a role, a deny reason) is parsed into its
//! type here, and a value the schema would refuse fails the read with a decode error,
//! never a silent default. A statement decodes its rows with `.try_map(decode)`.

use std::fmt::Display;
use std::str::FromStr;

use sqlx::postgres::PgRow;
use sqlx::sqlite::SqliteRow;
use sqlx::{Decode, Postgres, Row, Sqlite, Type};

/// A Rust type both backends decode a column into.
pub(crate) trait Column:
    for<'r> Decode<'r, Postgres> + Type<Postgres> + for<'r> Decode<'r, Sqlite> + Type<Sqlite>
{
}

impl<T> Column for T where
    T: for<'r> Decode<'r, Postgres> + Type<Postgres> + for<'r> Decode<'r, Sqlite> + Type<Sqlite>
{
}

/// A row of either backend, read by column name.
pub(crate) trait Columns {
    /// The column `name`.
    fn col<T: Column>(&self, name: &str) -> sqlx::Result<T>;

    /// The column `name`, or `T`'s default where the statement does not select it.
    fn col_or_default<T: Column + Default>(&self, name: &str) -> sqlx::Result<T> {
        match self.col(name) {
            Err(sqlx::Error::ColumnNotFound(_)) => Ok(T::default()),
            read => read,
        }
    }

    /// The text column `name`, parsed into its domain type.
    fn text<T>(&self, name: &str) -> sqlx::Result<T>
    where
        T: TryFrom<String>,
        T::Error: Display,
    {
        T::try_from(self.col::<String>(name)?).map_err(|error| decode_error(name, error))
    }

    /// The text column `name`, parsed with [`FromStr`] (a protocol value such as a reason).
    fn parsed<T>(&self, name: &str) -> sqlx::Result<T>
    where
        T: FromStr,
        T::Err: Display,
    {
        let text = self.col::<String>(name)?;
        text.parse().map_err(|error| decode_error(name, error))
    }

    /// The nullable text column `name`, parsed into its domain type.
    fn opt_text<T>(&self, name: &str) -> sqlx::Result<Option<T>>
    where
        T: TryFrom<String>,
        T::Error: Display,
    {
        let text = self.col::<Option<String>>(name)?;
        text.map(T::try_from)
            .transpose()
            .map_err(|error| decode_error(name, error))
    }
}

impl Columns for PgRow {
    fn col<T: Column>(&self, name: &str) -> sqlx::Result<T> {
        self.try_get(name)
    }
}

impl Columns for SqliteRow {
    fn col<T: Column>(&self, name: &str) -> sqlx::Result<T> {
        self.try_get(name)
    }
}

/// A value read from one row.
pub(crate) trait FromColumns: Sized {
    /// Reads it.
    ///
    /// # Errors
    /// A missing column, or one that holds no value of its type.
    fn from_columns(row: &impl Columns) -> sqlx::Result<Self>;
}

/// Decodes one row: the argument of a statement's `.try_map`.
pub(crate) fn decode<R: Columns, T: FromColumns>(row: R) -> sqlx::Result<T> {
    T::from_columns(&row)
}

/// The decode error of a column that holds no value of its type.
pub(crate) fn decode_error(column: &str, message: impl Display) -> sqlx::Error {
    sqlx::Error::ColumnDecode {
        index: column.to_owned(),
        source: message.to_string().into(),
    }
}

/// Implements [`FromColumns`] for a struct whose fields are columns of the same names:
/// `from_columns!(Type { field, field: text, … })`, each field read as
/// - nothing: the column as is;
/// - `text` / `opt_text`: a (nullable) text column parsed into its type (`TryFrom<String>`);
/// - `parsed`: a text column parsed with `FromStr`;
/// - `default`: the column, or the field's default where the statement does not select it;
/// - `skip`: never read, the field's default;
/// - `flatten`: a value of its own read from the same row.
macro_rules! from_columns {
    ($ty:path { $($field:ident $(: $how:ident)?),* $(,)? }) => {
        impl $crate::columns::FromColumns for $ty {
            fn from_columns(row: &impl $crate::columns::Columns) -> sqlx::Result<Self> {
                Ok(Self { $($field: $crate::columns::from_columns!(@read row, $field $(, $how)?)),* })
            }
        }
    };
    (@read $row:ident, $field:ident) => { $row.col(stringify!($field))? };
    (@read $row:ident, $field:ident, text) => { $row.text(stringify!($field))? };
    (@read $row:ident, $field:ident, parsed) => { $row.parsed(stringify!($field))? };
    (@read $row:ident, $field:ident, opt_text) => { $row.opt_text(stringify!($field))? };
    (@read $row:ident, $field:ident, default) => { $row.col_or_default(stringify!($field))? };
    (@read $row:ident, $field:ident, skip) => { Default::default() };
    (@read $row:ident, $field:ident, flatten) => {
        $crate::columns::FromColumns::from_columns($row)?
    };
}
pub(crate) use from_columns;
