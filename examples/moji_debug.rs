use utf8scope::model::findings::{find_mojibake, with_repairs};
fn main() {
    let mut line = std::env::args().nth(1).unwrap();
    for pass in 0..3 {
        let runs = find_mojibake(&line);
        println!("pass {pass}: {line:?}");
        for r in &runs {
            println!(
                "  {:?} {:?} -> {:?} [{}]",
                r.range,
                &line[r.range.clone()],
                r.readings
                    .iter()
                    .map(|x| x.text.clone())
                    .collect::<Vec<_>>(),
                r.chain()
            );
        }
        line = with_repairs(&line, &runs);
    }
}
