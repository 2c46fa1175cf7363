//! The balance laboratory's reports, served as they are: `GET /reports`
//! lists the HTML reports of a directory (`arbiter serve --reports DIR`,
//! `$ARBITER_REPORTS`, or `docs/balance` under the working directory), and `GET /reports/{name}`
//! answers one. Reports are self-contained pages written by
//! `arbiter lab report` (inline SVG, no script); only plain file names
//! ending in `.html` are served, so no request reaches outside the directory.

use crate::error::ApiError;
use axum::extract::Path;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use std::path::PathBuf;
use std::sync::OnceLock;

static REPORTS_DIR: OnceLock<PathBuf> = OnceLock::new();

/// Serves the reports of `dir`. Only the first call counts.
pub fn set_reports_dir(dir: PathBuf) {
    let _ = REPORTS_DIR.set(dir);
}

/// The reports' directory: [`set_reports_dir`], else `$ARBITER_REPORTS`,
/// else `docs/balance` under the working directory if there is one (a
/// server started from the repository, as `scripts/web` does).
pub fn reports_dir() -> Option<PathBuf> {
    REPORTS_DIR
        .get()
        .cloned()
        .or_else(|| std::env::var_os("ARBITER_REPORTS").filter(|v| !v.is_empty()).map(PathBuf::from))
        .or_else(|| Some(PathBuf::from("docs/balance")).filter(|d| d.is_dir()))
}

/// Whether `name` is a report's plain file name (`essence-first-player.html`).
fn plain(name: &str) -> bool {
    name.len() <= 120
        && name.ends_with(".html")
        && !name.starts_with('.')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
}

fn html(page: String) -> Response {
    ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], page).into_response()
}

/// `GET /reports`: the list of reports, linked.
pub async fn index() -> Response {
    let Some(dir) = reports_dir() else {
        return ApiError::not_found("this server serves no reports (start it with arbiter serve --reports DIR)")
            .into_response();
    };
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .map(|entries| entries.filter_map(|e| e.ok()?.file_name().into_string().ok()).filter(|n| plain(n)).collect())
        .unwrap_or_default();
    names.sort();
    let items: String =
        names.iter().map(|n| format!("<li><a href=\"/reports/{n}\">{}</a></li>", &n[..n.len() - 5])).collect();
    html(format!(
        "<!doctype html><meta charset=utf-8><title>Arbiter: balance reports</title>\
         <body style=\"font:16px/1.5 system-ui,sans-serif;max-width:40em;margin:3em auto;padding:0 1em\">\
         <h1>Balance reports</h1><p>Experiments run by <code>arbiter lab</code>: win rates with their \
         intervals, first-player advantage, game lengths. <a href=\"/\">Back to the lobby</a>.</p><ul>{items}</ul>"
    ))
}

/// `GET /reports/{name}`: one report.
pub async fn report(Path(name): Path<String>) -> Response {
    let Some(dir) = reports_dir().filter(|_| plain(&name)) else {
        return ApiError::not_found("no such report").into_response();
    };
    match std::fs::read_to_string(dir.join(&name)) {
        Ok(page) => html(page),
        Err(_) => ApiError::not_found(format!("no report {name}")).into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::to_bytes;
    use axum::http::StatusCode;

    async fn text(r: Response) -> (StatusCode, String) {
        let status = r.status();
        let body = to_bytes(r.into_body(), 1 << 20).await.expect("a body");
        (status, String::from_utf8_lossy(&body).into_owned())
    }

    #[tokio::test]
    async fn reports_are_listed_and_served_and_nothing_else_is() {
        let dir = std::env::temp_dir().join(format!("arbiter-reports-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a directory");
        std::fs::write(dir.join("essence-first-player.html"), "<h1>Essence</h1><svg></svg>").expect("a report");
        std::fs::write(dir.join("essence-first-player.toml"), "game = \"essence\"").expect("an experiment");
        set_reports_dir(dir.clone());
        let (status, page) = text(index().await).await;
        assert_eq!(status, StatusCode::OK);
        assert!(page.contains("<a href=\"/reports/essence-first-player.html\">essence-first-player</a>"), "{page}");
        assert!(!page.contains(".toml"));
        let (status, page) = text(report(Path("essence-first-player.html".into())).await).await;
        assert_eq!((status, page.as_str()), (StatusCode::OK, "<h1>Essence</h1><svg></svg>"));
        for bad in ["essence-first-player.toml", "../Cargo.toml", "..html", "nope.html", "a/b.html"] {
            let (status, page) = text(report(Path(bad.into())).await).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{bad}");
            assert!(page.starts_with("{\"error\":\"not-found\""), "{bad}: {page}");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }
}
