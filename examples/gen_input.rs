//! Writes a generated benchmark input to a file: `gen_input KIND MIB PATH`,
//! KIND one of ascii, multilingual, sparse-errors, random-binary,
//! russian-prose.

#[path = "../benches/inputs.rs"]
mod inputs;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let [_, kind, mib, path] = args.as_slice() else {
        eprintln!("usage: gen_input KIND MIB PATH");
        std::process::exit(2);
    };
    let kind = inputs::InputKind::ALL
        .into_iter()
        .find(|k| k.name() == kind)
        .unwrap_or_else(|| panic!("unknown kind {kind}"));
    let mib: usize = mib.parse().expect("MIB must be a number");
    std::fs::write(path, inputs::generate(kind, mib << 20)).expect("cannot write the file");
}
