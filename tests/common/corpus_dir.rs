//! Writing a generated corpus out for detectors and fixers in other
//! languages (`benches/*_peers.py`): one file per case and an index.

#![allow(dead_code)]

/// Writes each case's bytes to `NNNN.bin` in the directory
/// `UTF8SCOPE_CORPUS_DIR` names, and `index.jsonl`: each case's
/// `record` (what it is) with its file's name added as `file`.
pub fn write_corpus(cases: impl IntoIterator<Item = (Vec<u8>, serde_json::Value)>) {
    let Some(dir) = std::env::var_os("UTF8SCOPE_CORPUS_DIR") else {
        panic!("set UTF8SCOPE_CORPUS_DIR");
    };
    let dir = std::path::PathBuf::from(dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut index = String::new();
    for (i, (bytes, mut record)) in cases.into_iter().enumerate() {
        let name = format!("{i:04}.bin");
        std::fs::write(dir.join(&name), bytes).unwrap();
        record["file"] = serde_json::Value::from(name);
        index.push_str(&record.to_string());
        index.push('\n');
    }
    std::fs::write(dir.join("index.jsonl"), index).unwrap();
}
