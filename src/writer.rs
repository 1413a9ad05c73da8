//! What writes the inspector's repaired file (`W`): `fix` itself, with the
//! flags the marks stand for, so the file is what `utf8scope fix` writes
//! and every safety rule of `fix -o` and `fix --in-place` holds.

use std::ffi::{OsStr, OsString};
use std::path::Path;
use std::sync::Arc;

use utf8scope::fix::{self, Destination, FixOptions, InvalidPolicy, RepairOptions};
use utf8scope::input::open_input;
use utf8scope::model::encoding::RowEncoding;
use utf8scope::model::settings::Settings;
use utf8scope::ui::repair::{RepairWriter, WriteRequest};

/// Writes the repaired form of one file.
struct FixWriter {
    file: OsString,
    settings: Settings,
}

/// The writer of `file`'s repaired form.
pub(crate) fn for_file(file: &OsStr, settings: Settings) -> Arc<dyn RepairWriter> {
    Arc::new(FixWriter {
        file: file.to_owned(),
        settings,
    })
}

impl RepairWriter for FixWriter {
    fn write(&self, request: &WriteRequest) -> Result<String, String> {
        let from = (!request.encoding.is_utf8()).then_some(Some(request.encoding));
        let options = FixOptions {
            repair: RepairOptions {
                invalid: if request.legacy {
                    InvalidPolicy::Legacy
                } else {
                    InvalidPolicy::Keep
                },
                strip_bom: false,
                // As the command line sets it for these flags.
                legacy: from
                    .flatten()
                    .map_or(RowEncoding::PerRow, RowEncoding::Given),
                settings: self.settings,
                selection: Some(Arc::new(request.selection.clone())),
                // (The inspector goes on.)
                process_ends_after: false,
            },
            binary: false,
            break_links: false,
            from,
            keep_bom: false,
        };
        let destination = if request.in_place {
            Destination::InPlace
        } else {
            Destination::File(request.to.clone())
        };
        let input = open_input(Some(&self.file))?;
        let log = fix::run(input, Some(Path::new(&self.file)), &destination, options)
            .map_err(|error| error.to_string())?;
        let changes = log.total();
        Ok(format!(
            "wrote {}: {changes} change{}",
            request.to.display(),
            if changes == 1 { "" } else { "s" }
        ))
    }
}
