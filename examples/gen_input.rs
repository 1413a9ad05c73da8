//! Writes a generated benchmark input to a file: `gen_input KIND MIB PATH
//! [--distinct]`, KIND one of ascii, multilingual, sparse-errors,
//! random-binary, russian-prose; `--distinct` numbers the lines, as the
//! findings benchmark does, so that no two are the same.

#[path = "../benches/inputs.rs"]
mod inputs;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (kind, mib, path, distinct) = match args.as_slice() {
        [_, kind, mib, path] => (kind, mib, path, false),
        [_, kind, mib, path, flag] if flag == "--distinct" => (kind, mib, path, true),
        _ => {
            eprintln!("usage: gen_input KIND MIB PATH [--distinct]");
            std::process::exit(2);
        }
    };
    let kind = inputs::InputKind::ALL
        .into_iter()
        .find(|k| k.name() == kind)
        .unwrap_or_else(|| panic!("unknown kind {kind}"));
    let mib: usize = mib.parse().expect("MIB must be a number");
    let bytes = if distinct {
        inputs::generate_distinct(kind, mib << 20)
    } else {
        inputs::generate(kind, mib << 20)
    };
    std::fs::write(path, bytes).expect("cannot write the file");
}
