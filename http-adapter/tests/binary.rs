//! The `lashon` binary as a newcomer runs it: `lashon serve --demo` on a fresh database,
//! answering on loopback, stopping cleanly on SIGTERM.

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

#[test]
fn serve_demo_answers_and_stops_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_lashon"))
        .args(["serve", "--demo", "--addr", "127.0.0.1:0", "--db"])
        .arg(dir.path().join("lashon.db"))
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("start lashon");

    // The tour's first line names the address: "lashon is listening on http://ADDR. Try:".
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    let first = rx.recv_timeout(Duration::from_secs(30)).expect("tour line");
    let addr = first
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split(". ").next())
        .expect("address in the tour")
        .to_string();

    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let client = reqwest::Client::new();
        let health: serde_json::Value = client
            .get(format!("http://{addr}/v1/health"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(health["status"], "ok");
        assert_eq!(health["db"], "ok");
        let wrapped: serde_json::Value = client
            .post(format!("http://{addr}/v1/wrap"))
            .json(&serde_json::json!({"text": "מינון: 5 mg", "format": "isolate"}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(wrapped["output"], "מינון: \u{2066}5 mg\u{2069}");
    });

    let status = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let exit = child.wait().unwrap();
    assert!(exit.success(), "lashon exited with {exit:?}");
    assert!(dir.path().join("lashon.db").exists());
}
