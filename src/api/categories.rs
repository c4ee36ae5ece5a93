use poem_openapi::param::Query;
use poem_openapi::payload::Json;
use poem_openapi::{Object, OpenApi};

use super::AppState;
use super::error::ApiError;
use crate::domain::catalog::Category;

pub struct CategoryApi {
    pub state: AppState,
}

#[derive(Debug, Object)]
pub struct CategoryView {
    pub id: u64,
    pub name: String,
    /// English name, shown when the storefront is in English; falls back to `name`.
    pub name_en: Option<String>,
    pub description: String,
    pub description_en: Option<String>,
    pub sort_order: i32,
    pub visible: bool,
}

impl From<Category> for CategoryView {
    fn from(category: Category) -> Self {
        CategoryView {
            id: category.id,
            name: category.name,
            name_en: category.name_en,
            description: category.description,
            description_en: category.description_en,
            sort_order: category.sort_order,
            visible: category.visible,
        }
    }
}

#[OpenApi]
impl CategoryApi {
    /// The visible menu categories of a store, in menu order.
    #[oai(path = "/categories/", method = "get")]
    async fn list_categories(
        &self,
        /// The store whose menu to read (the storefront sends 14).
        store_id: Query<u64>,
    ) -> Result<Json<Vec<CategoryView>>, ApiError> {
        if store_id.0 != self.state.config.store_id {
            return Err(ApiError::store_not_found(store_id.0));
        }
        let categories = self.state.store.categories().await?;
        Ok(Json(
            categories
                .into_iter()
                .filter(|category| category.visible)
                .map(Into::into)
                .collect(),
        ))
    }
}
